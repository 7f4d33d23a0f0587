// Package helperparam hands finalizer names to controllerutil through
// helpers of its own: the constant a caller passes is the name.
package helperparam

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type Reconciler struct {
	client.Client
}

// ensureFinalizer adds the finalizer it is given and writes the object.
func ensureFinalizer(ctx context.Context, c client.Client, obj client.Object, name string) error {
	if controllerutil.AddFinalizer(obj, name) {
		return c.Update(ctx, obj)
	}
	return nil
}

// hasFinalizer reaches ContainsFinalizer through a named string type, and
// removeFinalizer through another helper of the package declared later.
type finalizerName string

func (r *Reconciler) hasFinalizer(obj client.Object, name finalizerName) bool {
	return controllerutil.ContainsFinalizer(obj, string(name))
}

func (r *Reconciler) dropFinalizer(ctx context.Context, obj client.Object, name string) error {
	return r.removeFinalizer(ctx, obj, name)
}

func (r *Reconciler) removeFinalizer(ctx context.Context, obj client.Object, name string) error {
	if controllerutil.RemoveFinalizer(obj, name) {
		return r.Update(ctx, obj)
	}
	return nil
}

// Twin: the string parameter is a label, not a finalizer.
func setLabel(obj client.Object, key string) {
	labels := obj.GetLabels()
	if labels == nil {
		labels = map[string]string{}
	}
	labels[key] = "true"
	obj.SetLabels(labels)
	controllerutil.AddFinalizer(obj, "example.com/labelled")
}

// Twin: the name that reaches AddFinalizer is built from the parameter,
// so the constant passed is only part of it.
func addQualified(obj client.Object, name string) {
	controllerutil.AddFinalizer(obj, "example.com/"+name)
}

const backupFinalizer = "backup" // want `finalizer name "backup" \(the finalizer name Reconciler.removeFinalizer takes as name\) is not domain-qualified: .* rename it to "<your domain>/backup"`

func (r *Reconciler) Reconcile(ctx context.Context, dep *appsv1.Deployment) error {
	if err := ensureFinalizer(ctx, r.Client, dep, "cleanup"); err != nil { // want `finalizer name "cleanup" \(the finalizer name ensureFinalizer takes as name\) is not domain-qualified: the API server warns .* rename it to "<your domain>/cleanup", and keep removing "cleanup"`
		return err
	}
	if err := ensureFinalizer(ctx, r.Client, dep, "example.com/my cleanup"); err != nil { // want `finalizer name "example.com/my cleanup" \(the finalizer name ensureFinalizer takes as name\) is not a valid qualified name`
		return err
	}
	// Twin: a qualified name.
	if err := ensureFinalizer(ctx, r.Client, dep, "example.com/cleanup"); err != nil {
		return err
	}
	if r.hasFinalizer(dep, "legacy.example.com") { // want `finalizer name "legacy.example.com" \(the finalizer name Reconciler.hasFinalizer takes as name\) is not domain-qualified: .* rename it to "example.com/legacy"`
		if err := r.dropFinalizer(ctx, dep, "legacy.example.com"); err != nil { // want `finalizer name "legacy.example.com" \(the finalizer name Reconciler.dropFinalizer takes as name\) is not domain-qualified`
			return err
		}
	}
	if err := r.removeFinalizer(ctx, dep, backupFinalizer); err != nil {
		return err
	}
	// Twins: a label; a name the helper qualifies itself.
	setLabel(dep, "cleanup")
	addQualified(dep, "cleanup")
	return nil
}
