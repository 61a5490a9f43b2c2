package tmp

import (
	_ "github.com/avast/retry-go/v4"
	_ "github.com/avast/retry-go/v5"
	_ "github.com/cenkalti/backoff/v4"
	_ "github.com/cenkalti/backoff/v5"
	_ "github.com/failsafe-go/failsafe-go"
	_ "github.com/failsafe-go/failsafe-go/retrypolicy"
	_ "github.com/sethvargo/go-retry"
	_ "k8s.io/apimachinery/pkg/util/wait"
	_ "k8s.io/client-go/util/retry"
)
