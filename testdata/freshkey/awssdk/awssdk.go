// Package awssdk retries AWS SDK for Go v2 calls whose input has an
// idempotency token member.
package awssdk

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	"github.com/google/uuid"
)

// NewInputEachAttempt builds the input in the loop: the SDK fills a new
// ClientRequestToken into each one.
func NewInputEachAttempt(ctx context.Context, c *secretsmanager.Client, name string) error { // want NewInputEachAttempt:"keyParams\\(sdk made:the AWS SDK's ClientRequestToken for secretsmanager\\.CreateSecretInput\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		_, err = c.CreateSecret(ctx, &secretsmanager.CreateSecretInput{Name: aws.String(name)}) // want `the AWS SDK's ClientRequestToken for secretsmanager.CreateSecretInput is made anew on every attempt of this retry loop`
		if err == nil {
			return nil
		}
	}
	return err
}

// NewInputVar builds the input in a variable of the loop.
func NewInputVar(ctx context.Context, c *secretsmanager.Client, name, value string) error { // want NewInputVar:"keyParams\\(sdk made:the AWS SDK's ClientRequestToken for secretsmanager\\.PutSecretValueInput\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		in := &secretsmanager.PutSecretValueInput{SecretId: aws.String(name), SecretString: aws.String(value)} // want `the AWS SDK's \w+ for secretsmanager.PutSecretValueInput is made anew`
		if _, err = c.PutSecretValue(ctx, in); err == nil {
			return nil
		}
	}
	return err
}

// InputOnce reuses one input: the token the SDK filled in on the first
// attempt is sent again.
func InputOnce(ctx context.Context, c *secretsmanager.Client, name string) error { // want InputOnce:"keyParams\\(sdk made:the AWS SDK's ClientRequestToken for secretsmanager\\.CreateSecretInput\\)"
	in := &secretsmanager.CreateSecretInput{Name: aws.String(name)} // ok: built once
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = c.CreateSecret(ctx, in); err == nil {
			return nil
		}
	}
	return err
}

// FreshToken sets a fresh token per attempt.
func FreshToken(ctx context.Context, c *secretsmanager.Client, name string) error { // want FreshToken:"keyParams\\(made ClientRequestToken\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		_, err = c.CreateSecret(ctx, &secretsmanager.CreateSecretInput{Name: aws.String(name), ClientRequestToken: aws.String(uuid.NewString())}) // want `idempotency key "ClientRequestToken" is made anew on every attempt of this retry loop`
		if err == nil {
			return nil
		}
	}
	return err
}

// StableToken sets a token made before the loop.
func StableToken(ctx context.Context, c *secretsmanager.Client, name string) error { // want StableToken:"keyParams\\(made ClientRequestToken\\)"
	token := uuid.NewString()
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		_, err = c.CreateSecret(ctx, &secretsmanager.CreateSecretInput{Name: aws.String(name), ClientRequestToken: aws.String(token)}) // ok: stable
		if err == nil {
			return nil
		}
	}
	return err
}

// NoToken builds in the loop an input without an idempotency token
// member: nothing to dedupe on, not this check's business.
func NoToken(ctx context.Context, c *secretsmanager.Client, name string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		_, err = c.DescribeSecret(ctx, &secretsmanager.DescribeSecretInput{SecretId: aws.String(name)}) // ok: no token member
		if err == nil {
			return nil
		}
	}
	return err
}
