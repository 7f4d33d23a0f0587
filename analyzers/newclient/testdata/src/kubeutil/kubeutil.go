// Package kubeutil builds clients for another helper package.
package kubeutil

import (
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"
)

func Dynamic(cfg *rest.Config) (dynamic.Interface, error) { // want Dynamic:"constructsClient\\(dynamic.NewForConfig\\)"
	return dynamic.NewForConfig(cfg)
}
