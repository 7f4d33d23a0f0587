package blindupdate

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/api"
	"fixtures/helpers"
)

// GoodReconciler is BadReconciler's twin: every object it updates was
// read from the server, or given the resourceVersion of one read.
type GoodReconciler struct {
	client.Client
}

func (r *GoodReconciler) buildChild(owner *api.Widget) *api.Widget {
	return &api.Widget{
		ObjectMeta: metav1.ObjectMeta{Name: owner.Name + "-child", Namespace: owner.Namespace},
		Spec:       api.WidgetSpec{Replicas: owner.Spec.Replicas},
	}
}

// Reconcile copies the resourceVersion of the object read.
func (r *GoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	owner := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, owner); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := r.buildChild(owner)
	existing := &api.Widget{}
	if err := r.Get(ctx, childKey(owner), existing); err != nil {
		return ctrl.Result{}, err
	}
	if existing.Spec == desired.Spec {
		return ctrl.Result{}, nil
	}
	desired.ResourceVersion = existing.ResourceVersion
	if err := r.Update(ctx, desired); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// ensure reads the existing child into desired before the update.
func (r *GoodReconciler) ensure(ctx context.Context, owner *api.Widget) error {
	desired := r.buildChild(owner)
	if err := r.Create(ctx, desired); err != nil {
		if !apierrors.IsAlreadyExists(err) {
			return err
		}
		replicas := desired.Spec.Replicas
		if err := r.Get(ctx, client.ObjectKeyFromObject(desired), desired); err != nil {
			return err
		}
		desired.Spec.Replicas = replicas
		return r.Update(ctx, desired)
	}
	return nil
}

// created updates what its Create wrote: the server's answer, with its
// resourceVersion, was decoded into it.
func (r *GoodReconciler) created(ctx context.Context, owner *api.Widget) error {
	w := r.buildChild(owner)
	if err := r.Create(ctx, w); err != nil {
		return err
	}
	w.Spec.Replicas++
	return r.Update(ctx, w)
}

// fromHelper updates a Widget another package reads.
func (r *GoodReconciler) fromHelper(ctx context.Context, owner *api.Widget) error {
	w, err := helpers.LoadWidget(ctx, r.Client, childKey(owner))
	if err != nil {
		return err
	}
	w.Spec.Replicas = 3
	return r.Update(ctx, w)
}

// throughHelper has the helper that reads the stored Widget first update it.
func (r *GoodReconciler) throughHelper(ctx context.Context, owner *api.Widget) error {
	w := &api.Widget{ObjectMeta: metav1.ObjectMeta{Name: owner.Name + "-child", Namespace: owner.Namespace}}
	w.Spec.Replicas = 2
	return helpers.SyncWidget(ctx, r.Client, w)
}

// throughVersioned gives the literal the resourceVersion of the object
// read before another package's updater sends it.
func (r *GoodReconciler) throughVersioned(ctx context.Context, owner *api.Widget) error {
	existing, err := helpers.LoadWidget(ctx, r.Client, childKey(owner))
	if err != nil {
		return err
	}
	w := helpers.NewWidget(owner.Namespace, owner.Name+"-child", 3)
	w.SetResourceVersion(existing.GetResourceVersion())
	return helpers.SaveWidget(ctx, r.Client, w)
}

// upsert lets CreateOrUpdate read the object first.
func (r *GoodReconciler) upsert(ctx context.Context, owner *api.Widget) error {
	w := &api.Widget{ObjectMeta: metav1.ObjectMeta{Name: owner.Name + "-child", Namespace: owner.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, w, func() error {
		w.Spec.Replicas = owner.Spec.Replicas
		return nil
	})
	return err
}

// patch sends a merge patch, which needs no resourceVersion.
func (r *GoodReconciler) patch(ctx context.Context, owner *api.Widget) error {
	w := r.buildChild(owner)
	base := w.DeepCopy()
	w.Spec.Replicas = 5
	return r.Patch(ctx, w, client.MergeFrom(base))
}

// copied updates a deep copy of the object read: it carries its
// resourceVersion.
func (r *GoodReconciler) copied(ctx context.Context, owner *api.Widget) error {
	w := owner.DeepCopy()
	w.Spec.Replicas = 4
	return r.Update(ctx, w)
}

// configMap and secret are updated without a resourceVersion: their
// API overwrites the stored object.
func (r *GoodReconciler) configMap(ctx context.Context, owner *api.Widget) error {
	cm := &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Name: owner.Name + "-config", Namespace: owner.Namespace},
		Data:       map[string]string{"replicas": "3"},
	}
	if err := r.Update(ctx, cm); err != nil {
		return err
	}
	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: owner.Name + "-secret", Namespace: owner.Namespace}}
	secret.StringData = map[string]string{"token": "x"}
	return r.Update(ctx, secret)
}

// statefulSet is a built-in kind whose strategy the table has not read:
// left alone.
func (r *GoodReconciler) statefulSet(ctx context.Context, owner *api.Widget) error {
	sts := &appsv1.StatefulSet{ObjectMeta: metav1.ObjectMeta{Name: owner.Name, Namespace: owner.Namespace}}
	return r.Update(ctx, sts)
}

// given updates an object of unknown origin: its callers are not seen.
func (r *GoodReconciler) Given(ctx context.Context, w *api.Widget) error {
	return r.Update(ctx, w)
}

// listed updates the objects of a slice built here that holds the owner
// read: the slice is made here, its elements are not.
func (r *GoodReconciler) listed(ctx context.Context, owner *api.Widget) error {
	for _, w := range []*api.Widget{owner} {
		w.Spec.Replicas = 1
		if err := r.Update(ctx, w); err != nil {
			return err
		}
	}
	return nil
}

// children returns the owner read among the objects to update.
func (r *GoodReconciler) children(owner *api.Widget) []*api.Widget {
	return []*api.Widget{owner}
}

// listedFromHelper updates the objects of the slice it returns.
func (r *GoodReconciler) listedFromHelper(ctx context.Context, owner *api.Widget) error {
	for _, w := range r.children(owner) {
		if err := r.Update(ctx, w); err != nil {
			return err
		}
	}
	return nil
}

// mergeLocal copies the wanted data through a function literal called
// where it is made, capturing nothing (nebula-operator's pkg/kube/cm.go):
// a call of no known function, which the analysis once crashed on; the
// ConfigMap was read and allows updates anyway.
func (r *GoodReconciler) mergeLocal(ctx context.Context, key client.ObjectKey) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	desired := &api.Widget{}
	merge := func(existing *corev1.ConfigMap, want *api.Widget) {
		existing.Labels = want.Labels
	}
	merge(cm, desired)
	return r.Update(ctx, cm)
}
