// Package k8s calls client-go: a pod is a write, an access review is a
// question the API server answers without storing anything.
package k8s

import (
	"context"

	authv1 "k8s.io/client-go/kubernetes/typed/authorization/v1"
	corev1 "k8s.io/client-go/kubernetes/typed/core/v1"
	"k8s.io/client-go/tools/clientcmd"
)

func MakePod(ctx context.Context, pods corev1.PodInterface) error { // want MakePod:`effect\(Kubernetes write: v1.PodInterface.Create\)`
	_, err := pods.Create(ctx, &corev1.Pod{Name: "p"}, corev1.CreateOptions{})
	return err
}

// CanList "creates" a SelfSubjectAccessReview: a read (catalogue's
// knownReads), so no effect fact.
func CanList(ctx context.Context, reviews authv1.SelfSubjectAccessReviewInterface) (bool, error) {
	r, err := reviews.Create(ctx, &authv1.SelfSubjectAccessReview{}, authv1.CreateOptions{})
	if err != nil {
		return false, err
	}
	return r.Allowed, nil
}

// UseContext switches the kubeconfig's current context: a file write that
// converges. CurrentContext only reads it.
func UseContext(name string) error { // want UseContext:`effect\(file write: clientcmd.ModifyConfig\)`
	po := clientcmd.NewDefaultPathOptions()
	cfg, err := po.GetStartingConfig()
	if err != nil {
		return err
	}
	cfg.CurrentContext = name
	return clientcmd.ModifyConfig(po, *cfg, true)
}

func CurrentContext(path string) (string, error) {
	cfg, err := clientcmd.LoadFromFile(path)
	if err != nil {
		return "", err
	}
	return cfg.CurrentContext, nil
}
