package owners

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	metav1ac "k8s.io/client-go/applyconfigurations/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// MirrorReconciler applies ConfigMaps derived from ConfigMaps.
type MirrorReconciler struct {
	client.Client
	TargetNamespace string
}

func (r *MirrorReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	// Bad: the apply configuration of cm, owned by cm.
	selfRef := metav1ac.OwnerReference().
		WithAPIVersion("v1").WithKind("ConfigMap").
		WithName(cm.Name).WithUID(cm.UID).WithController(true)
	self := corev1ac.ConfigMap(cm.Name, cm.Namespace).
		WithData(map[string]string{"checksum": "x"}).
		WithOwnerReferences(selfRef) // want `WithOwnerReferences gives an apply configuration an owner reference carrying the UID of the object it is built for`
	if err := r.Apply(ctx, self, client.FieldOwner("mirror")); err != nil {
		return ctrl.Result{}, err
	}

	// Bad: extracted from cm, with a reference built apart.
	extracted, err := corev1ac.ExtractConfigMap(cm, "mirror")
	if err != nil {
		return ctrl.Result{}, err
	}
	ref := metav1ac.OwnerReference().WithAPIVersion("v1").WithKind("ConfigMap").WithName(cm.GetName())
	ref.WithUID(cm.GetUID())
	extracted.WithOwnerReferences(ref) // want `WithOwnerReferences gives an apply configuration`
	if err := r.Apply(ctx, extracted, client.FieldOwner("mirror")); err != nil {
		return ctrl.Result{}, err
	}

	// Good: the copy is another ConfigMap, named apart.
	ownerRef := metav1ac.OwnerReference().
		WithAPIVersion("v1").WithKind("ConfigMap").
		WithName(cm.Name).WithUID(cm.UID).WithController(true)
	mirror := corev1ac.ConfigMap(cm.Name+"-mirror", cm.Namespace).
		WithData(cm.Data).
		WithOwnerReferences(ownerRef)
	if err := r.Apply(ctx, mirror, client.FieldOwner("mirror")); err != nil {
		return ctrl.Result{}, err
	}

	// Good: same name, another kind.
	secret := corev1ac.Secret(cm.Name, cm.Namespace).WithOwnerReferences(ownerRef)
	if err := r.Apply(ctx, secret, client.FieldOwner("mirror")); err != nil {
		return ctrl.Result{}, err
	}

	// Good: same name, another namespace (an owner reference that the API
	// server rejects, but not to the object itself).
	moved := corev1ac.ConfigMap(cm.Name, r.TargetNamespace).WithOwnerReferences(ownerRef)
	if err := r.Apply(ctx, moved, client.FieldOwner("mirror")); err != nil {
		return ctrl.Result{}, err
	}

	// Good: renamed after construction.
	renamed := corev1ac.ConfigMap(cm.Name, cm.Namespace).WithName(cm.Name + "-renamed").WithOwnerReferences(ownerRef)
	return ctrl.Result{}, r.Apply(ctx, renamed, client.FieldOwner("mirror"))
}
