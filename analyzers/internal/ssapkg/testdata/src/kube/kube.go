// Package kube refers to a Kubernetes API: its SSA is built.
package kube

import "k8s.io/apimachinery/pkg/types"

// Key names an object.
func Key(ns, name string) types.NamespacedName { // want "src Key"
	f := func() string { return ns } // want `src Key\$1` "called from Key"
	return types.NamespacedName{Namespace: f(), Name: name}
}

type reconciler struct{}

func (reconciler) Reconcile() {} // want "src Reconcile"

// Package-level closures run in init, as Ginkgo specs do.
var _ = func() int { return 1 }() // want `init init\$1`
