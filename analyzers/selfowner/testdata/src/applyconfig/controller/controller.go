package controller

import (
	"context"

	metav1ac "k8s.io/client-go/applyconfigurations/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	sitev1 "fixtures/applyconfig/api/v1"
	sitev1ac "fixtures/applyconfig/applyconfiguration/api/v1"
)

// SiteReconciler applies objects for Sites.
type SiteReconciler struct {
	client.Client
}

func (r *SiteReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	site := &sitev1.Site{}
	if err := r.Get(ctx, req.NamespacedName, site); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	ref := metav1ac.OwnerReference().
		WithAPIVersion("example.com/v1").WithKind("Site").
		WithName(site.GetName()).WithUID(site.GetUID()).WithController(true)

	// Bad: the Site's own apply configuration, owned by the Site.
	self := sitev1ac.Site(site.GetName(), site.GetNamespace()).
		WithLabels(map[string]string{"managed": "true"}).
		WithOwnerReferences(ref) // want `WithOwnerReferences gives an apply configuration an owner reference carrying the UID of the object it is built for`
	if err := r.Apply(ctx, self, client.FieldOwner("site")); err != nil {
		return ctrl.Result{}, err
	}

	// Good: the Mirror named after the Site is another object.
	mirror := sitev1ac.Mirror(site.Name, site.Namespace).WithOwnerReferences(ref)
	return ctrl.Result{}, r.Apply(ctx, mirror, client.FieldOwner("site"))
}
