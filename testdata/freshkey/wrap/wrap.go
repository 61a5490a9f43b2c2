// Package wrap sends keys it is given: its functions carry a KeyParams
// fact.
package wrap

import (
	"bytes"
	"context"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Post sends body with key as its Idempotency-Key.
func Post(c *http.Client, url string, body []byte, key string) error { // want Post:"keyParams\\(3:Idempotency-Key\\)"
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	_, err = c.Do(req)
	return err
}

// Charge calls the charge tool; the key goes into the arguments under
// another name.
func Charge(ctx context.Context, cs *mcp.ClientSession, amount int, k string) error { // want Charge:"keyParams\\(3:idempotency_key\\)"
	args := map[string]any{"amount": amount, "idempotency_key": "charge-" + k}
	_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: args})
	return err
}

// ChargeTwice passes its key on to Charge.
func ChargeTwice(ctx context.Context, cs *mcp.ClientSession, k string) error { // want ChargeTwice:"keyParams\\(2:idempotency_key\\)"
	return Charge(ctx, cs, 2, k)
}

// CreateSecret sets the token from its parameter.
func CreateSecret(ctx context.Context, c *secretsmanager.Client, name, token string) error { // want CreateSecret:"keyParams\\(3:ClientRequestToken\\)"
	_, err := c.CreateSecret(ctx, &secretsmanager.CreateSecretInput{Name: aws.String(name), ClientRequestToken: aws.String(token)})
	return err
}

// Log logs a request id: no fact, not a key.
func Log(requestLabel string) {}
