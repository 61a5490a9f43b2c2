package awssdk

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
)

// createSecret builds the input itself: the SDK fills a new token into
// it on every call.
func createSecret(ctx context.Context, c *secretsmanager.Client, name string) error { // want createSecret:"keyParams\\(sdk made:the AWS SDK's ClientRequestToken for secretsmanager\\.CreateSecretInput\\)"
	_, err := c.CreateSecret(ctx, &secretsmanager.CreateSecretInput{Name: aws.String(name)})
	return err
}

// putSecret sends the input its caller built.
func putSecret(ctx context.Context, c *secretsmanager.Client, in *secretsmanager.PutSecretValueInput) error { // want putSecret:"keyParams\\(sdk 2:the AWS SDK's ClientRequestToken for secretsmanager\\.PutSecretValueInput\\)"
	_, err := c.PutSecretValue(ctx, in)
	return err
}

// HelperBuilds retries a helper that builds a new input on every call.
func HelperBuilds(ctx context.Context, c *secretsmanager.Client, name string) error { // want HelperBuilds:"keyParams\\(sdk made:the AWS SDK's ClientRequestToken for secretsmanager\\.CreateSecretInput\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = createSecret(ctx, c, name); err == nil { // want `the AWS SDK's ClientRequestToken for secretsmanager.CreateSecretInput, sent by createSecret, is made anew on every attempt of this retry loop`
			return nil
		}
	}
	return err
}

// putRequest keeps an input.
type putRequest struct {
	In *secretsmanager.PutSecretValueInput
}

// HelperInputEachAttempt builds the input in the loop, keeps it in a
// field and hands it to the helper.
func HelperInputEachAttempt(ctx context.Context, c *secretsmanager.Client, name, value string) error { // want HelperInputEachAttempt:"keyParams\\(sdk made:the AWS SDK's ClientRequestToken for secretsmanager\\.PutSecretValueInput\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		r := putRequest{In: &secretsmanager.PutSecretValueInput{SecretId: aws.String(name), SecretString: aws.String(value)}}
		if err = putSecret(ctx, c, r.In); err == nil { // want `the AWS SDK's ClientRequestToken for secretsmanager.PutSecretValueInput, sent by putSecret, is made anew`
			return nil
		}
	}
	return err
}

// HelperInputOnce builds the input once: the token the SDK filled in is
// sent again.
func HelperInputOnce(ctx context.Context, c *secretsmanager.Client, name, value string) error { // want HelperInputOnce:"keyParams\\(sdk made:the AWS SDK's ClientRequestToken for secretsmanager\\.PutSecretValueInput\\)"
	in := &secretsmanager.PutSecretValueInput{SecretId: aws.String(name), SecretString: aws.String(value)}
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = putSecret(ctx, c, in); err == nil { // ok: one input
			return nil
		}
	}
	return err
}

// HelperStableToken sets a token made before the loop.
func HelperStableToken(ctx context.Context, c *secretsmanager.Client, name, value, token string) error { // want HelperStableToken:"keyParams\\(4:ClientRequestToken\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = putSecret(ctx, c, &secretsmanager.PutSecretValueInput{SecretId: aws.String(name), SecretString: aws.String(value), ClientRequestToken: aws.String(token)}); err == nil { // ok: the caller's token
			return nil
		}
	}
	return err
}

// request keeps an input built in the attempt.
type request struct {
	In *secretsmanager.CreateSecretInput
}

// InputInField builds the input in the loop, in a struct field.
func InputInField(ctx context.Context, c *secretsmanager.Client, name string) error { // want InputInField:"keyParams\\(sdk made:the AWS SDK's ClientRequestToken for secretsmanager\\.CreateSecretInput\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		r := request{In: &secretsmanager.CreateSecretInput{Name: aws.String(name)}}
		if _, err = c.CreateSecret(ctx, r.In); err == nil { // want `the AWS SDK's ClientRequestToken for secretsmanager.CreateSecretInput is made anew`
			return nil
		}
	}
	return err
}

// InputInFieldOnce builds it once, before the loop.
func InputInFieldOnce(ctx context.Context, c *secretsmanager.Client, name string) error { // want InputInFieldOnce:"keyParams\\(sdk made:the AWS SDK's ClientRequestToken for secretsmanager\\.CreateSecretInput\\)"
	r := request{In: &secretsmanager.CreateSecretInput{Name: aws.String(name)}}
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = c.CreateSecret(ctx, r.In); err == nil { // ok: one input
			return nil
		}
	}
	return err
}

// sendRequest sends the input its caller's request holds.
func sendRequest(ctx context.Context, c *secretsmanager.Client, r request) error { // want sendRequest:"keyParams\\(sdk 2.In:the AWS SDK's ClientRequestToken for secretsmanager\\.CreateSecretInput\\)"
	_, err := c.CreateSecret(ctx, r.In)
	return err
}

// RequestToHelper builds the request in the loop and a helper sends it.
func RequestToHelper(ctx context.Context, c *secretsmanager.Client, name string) error { // want RequestToHelper:"keyParams\\(sdk made:the AWS SDK's ClientRequestToken for secretsmanager\\.CreateSecretInput\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		r := request{In: &secretsmanager.CreateSecretInput{Name: aws.String(name)}}
		if err = sendRequest(ctx, c, r); err == nil { // want `the AWS SDK's ClientRequestToken for secretsmanager.CreateSecretInput, sent by sendRequest, is made anew`
			return nil
		}
	}
	return err
}

// RequestToHelperOnce builds it once: the token the SDK filled in is
// sent again.
func RequestToHelperOnce(ctx context.Context, c *secretsmanager.Client, name string) error { // want RequestToHelperOnce:"keyParams\\(sdk made:the AWS SDK's ClientRequestToken for secretsmanager\\.CreateSecretInput\\)"
	r := request{In: &secretsmanager.CreateSecretInput{Name: aws.String(name)}}
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = sendRequest(ctx, c, r); err == nil { // ok: one input
			return nil
		}
	}
	return err
}
