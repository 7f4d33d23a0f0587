package converted

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/converted/backend"
)

// toGeneric and fromGeneric convert the provider's kind (a Deployment
// here) to the generic form the backend reconciles, and back.
func toGeneric(d *appsv1.Deployment) *appsv1.StatefulSet {
	return &appsv1.StatefulSet{ObjectMeta: d.ObjectMeta}
}

func fromGeneric(s *appsv1.StatefulSet, d *appsv1.Deployment) { d.ObjectMeta = s.ObjectMeta }

// ownerCluster returns the owner named in the object's references, or
// nil when none is set yet.
func ownerCluster(ctx context.Context, c client.Client, d *appsv1.Deployment) (*corev1.Namespace, error) {
	if len(d.OwnerReferences) == 0 {
		return nil, nil
	}
	ns := &corev1.Namespace{}
	return ns, c.Get(ctx, client.ObjectKey{Name: d.OwnerReferences[0].Name}, ns)
}

// The deletion branch hands a converted copy to the backend, which
// removes the finalizer; an object deleted before its owner reference was
// set returns early and keeps it (cluster-api 5f5a9ef5dc, CAPD's
// DockerCluster). Reported.
type ClusterReconciler struct {
	client.Client
	backend *backend.Reconciler
}

func (r *ClusterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, rerr error) {
	d := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if controllerutil.AddFinalizer(d, backend.Finalizer) {
		return ctrl.Result{}, r.Update(ctx, d)
	}
	owner, err := ownerCluster(ctx, r.Client, d)
	if err != nil {
		return ctrl.Result{}, err
	}
	if owner == nil {
		return ctrl.Result{}, nil // want `this success return without requeue comes before the deletion branch \(line 64\): a terminating object returns here too, its finalizer is never removed`
	}
	generic := toGeneric(d)
	defer func() {
		fromGeneric(generic, d)
		if err := r.Update(ctx, d); err != nil && rerr == nil {
			rerr = err
		}
	}()
	if !d.DeletionTimestamp.IsZero() {
		return r.backend.ReconcileDelete(ctx, generic)
	}
	return r.backend.ReconcileNormal(ctx, generic)
}

// Twin, as fixed: without an owner, a terminating object has its
// finalizer removed before the early return.
type FixedClusterReconciler struct {
	client.Client
	backend *backend.Reconciler
}

func (r *FixedClusterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, rerr error) {
	d := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if controllerutil.AddFinalizer(d, backend.Finalizer) {
		return ctrl.Result{}, r.Update(ctx, d)
	}
	owner, err := ownerCluster(ctx, r.Client, d)
	if err != nil {
		return ctrl.Result{}, err
	}
	if owner == nil {
		if !d.DeletionTimestamp.IsZero() {
			withoutFinalizer := d.DeepCopy()
			controllerutil.RemoveFinalizer(withoutFinalizer, backend.Finalizer)
			return ctrl.Result{}, r.Patch(ctx, withoutFinalizer, client.MergeFrom(d))
		}
		return ctrl.Result{}, nil
	}
	generic := toGeneric(d)
	defer func() {
		fromGeneric(generic, d)
		if err := r.Update(ctx, d); err != nil && rerr == nil {
			rerr = err
		}
	}()
	if !d.DeletionTimestamp.IsZero() {
		return r.backend.ReconcileDelete(ctx, generic)
	}
	return r.backend.ReconcileNormal(ctx, generic)
}

// Twin: the copy handed to the helper is made from another object; the
// deletion branch removes nothing of this one's, and this check says
// nothing (finalizerdeadlock's business).
type OtherCopyReconciler struct {
	client.Client
	backend  *backend.Reconciler
	template *appsv1.Deployment
}

func (r *OtherCopyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	d := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if controllerutil.AddFinalizer(d, backend.Finalizer) {
		return ctrl.Result{}, r.Update(ctx, d)
	}
	if d.Spec.Paused {
		return ctrl.Result{}, nil
	}
	if !d.DeletionTimestamp.IsZero() {
		return r.backend.ReconcileDelete(ctx, toGeneric(r.template))
	}
	return ctrl.Result{}, nil
}

// clusterOf returns the cluster named by the object's label, or an error:
// never nil without one.
func clusterOf(ctx context.Context, c client.Client, d *appsv1.Deployment) (*corev1.Namespace, error) {
	ns := &corev1.Namespace{}
	if err := c.Get(ctx, client.ObjectKey{Name: d.Labels["cluster"]}, ns); err != nil {
		return nil, err
	}
	return ns, nil
}

// Twin: the defensive nil test of a lookup that never gives nil without
// an error is dead code (CAPD's util.GetClusterFromMetadata).
type DefensiveReconciler struct {
	client.Client
	backend *backend.Reconciler
}

func (r *DefensiveReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	d := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if controllerutil.AddFinalizer(d, backend.Finalizer) {
		return ctrl.Result{}, r.Update(ctx, d)
	}
	cluster, err := clusterOf(ctx, r.Client, d)
	if err != nil {
		return ctrl.Result{}, err
	}
	if cluster == nil {
		return ctrl.Result{}, nil
	}
	if !d.DeletionTimestamp.IsZero() {
		return r.backend.ReconcileDelete(ctx, toGeneric(d))
	}
	return r.backend.ReconcileNormal(ctx, toGeneric(d))
}

// The deletion test is on the converted copy (CAPD's DockerMachine tests
// its DevMachine's deletion timestamp): it is the object's. Reported.
type CopyTestReconciler struct {
	client.Client
	backend *backend.Reconciler
}

func (r *CopyTestReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	d := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if controllerutil.AddFinalizer(d, backend.Finalizer) {
		return ctrl.Result{}, r.Update(ctx, d)
	}
	owner, err := ownerCluster(ctx, r.Client, d)
	if err != nil {
		return ctrl.Result{}, err
	}
	if owner == nil {
		return ctrl.Result{}, nil // want `this success return without requeue comes before the deletion branch \(line 197\)`
	}
	generic := toGeneric(d)
	if !generic.DeletionTimestamp.IsZero() {
		return r.backend.ReconcileDelete(ctx, generic)
	}
	return r.backend.ReconcileNormal(ctx, generic)
}

// deleter is a backend behind an interface: what it does is not known.
type deleter interface {
	ReconcileDelete(ctx context.Context, generic *appsv1.StatefulSet) (ctrl.Result, error)
}

// Twin: the only deletion branch known is the cleanup of an object without
// an owner, written before the later return, on another side; the main
// one goes through an interface. The later return is not reported against
// the branch it cannot reach.
type OtherSideReconciler struct {
	client.Client
	backend deleter
}

func (r *OtherSideReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	d := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if controllerutil.AddFinalizer(d, backend.Finalizer) {
		return ctrl.Result{}, r.Update(ctx, d)
	}
	owner, err := ownerCluster(ctx, r.Client, d)
	if err != nil {
		return ctrl.Result{}, err
	}
	if owner == nil {
		if !d.DeletionTimestamp.IsZero() {
			without := d.DeepCopy()
			controllerutil.RemoveFinalizer(without, backend.Finalizer)
			return ctrl.Result{}, r.Patch(ctx, without, client.MergeFrom(d))
		}
		return ctrl.Result{}, nil
	}
	if owner.Labels["ready"] != "true" {
		return ctrl.Result{}, nil
	}
	if !d.DeletionTimestamp.IsZero() {
		return r.backend.ReconcileDelete(ctx, toGeneric(d))
	}
	return ctrl.Result{}, nil
}
