// Package api is a stub of client-go's kubeconfig types.
package api

type Context struct{ Cluster string }

type Config struct {
	CurrentContext string
	Contexts       map[string]*Context
}
