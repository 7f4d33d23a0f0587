// Package controller uses a kind that no scheme of the module registers,
// but the module creates no manager (a library of reconcilers): whoever
// runs them fills the scheme. Silent.
package controller

import (
	"context"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Reconciler reads an object of a kind it does not register.
type Reconciler struct {
	client.Client
}

// Reconcile reads the object.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj unstructured.Unstructured
	obj.SetAPIVersion("example.com/v1")
	obj.SetKind("Thing")
	return ctrl.Result{}, client.IgnoreNotFound(r.Get(ctx, req.NamespacedName, &obj))
}
