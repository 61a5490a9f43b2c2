package tmp

import (
	_ "github.com/avast/retry-go/v4"
	_ "github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	_ "github.com/cenkalti/backoff/v4"
	_ "github.com/google/uuid"
	_ "github.com/mark3labs/mcp-go/client"
	_ "github.com/modelcontextprotocol/go-sdk/mcp"
	_ "github.com/oklog/ulid/v2"
	_ "github.com/rs/xid"
	_ "github.com/stripe/stripe-go/v82"
)
