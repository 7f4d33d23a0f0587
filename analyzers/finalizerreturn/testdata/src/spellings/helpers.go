package spellings

// The early return in a helper: one the reconcile returns from as it is,
// and one that returns a *ctrl.Result the reconcile passes on.

import (
	"context"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Reconcile reads the object and returns what reconcile returns; the
// helper's early return comes before its deletion branch. Reported in the
// helper.
type TailReconciler struct{ client.Client }

func (r *TailReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	d := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if controllerutil.AddFinalizer(d, appFinalizer) {
		return ctrl.Result{}, r.Update(ctx, d)
	}
	return r.reconcile(ctx, d)
}

func (r *TailReconciler) reconcile(ctx context.Context, d *appsv1.Deployment) (ctrl.Result, error) {
	owner := &appsv1.Deployment{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: d.Namespace, Name: d.Labels["owner"]}, owner); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil // want `this success return without requeue comes before the deletion branch \(line 41\)`
		}
		return ctrl.Result{}, err
	}
	if !d.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(d, appFinalizer)
		return ctrl.Result{}, r.Update(ctx, d)
	}
	return ctrl.Result{}, nil
}

// Twin: the helper handles deletion first.
type TailGoodReconciler struct{ client.Client }

func (r *TailGoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	d := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if controllerutil.AddFinalizer(d, appFinalizer) {
		return ctrl.Result{}, r.Update(ctx, d)
	}
	return r.reconcile(ctx, d)
}

func (r *TailGoodReconciler) reconcile(ctx context.Context, d *appsv1.Deployment) (ctrl.Result, error) {
	if !d.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(d, appFinalizer)
		return ctrl.Result{}, r.Update(ctx, d)
	}
	owner := &appsv1.Deployment{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: d.Namespace, Name: d.Labels["owner"]}, owner); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, nil
}

// Twin: Reconcile looks at the deletion state before the call; the
// helper is the live path, its returns are not the terminating object's.
type TailLiveReconciler struct{ client.Client }

func (r *TailLiveReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	d := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if d.DeletionTimestamp != nil {
		return r.finalize(ctx, d)
	}
	return r.reconcile(ctx, d)
}

func (r *TailLiveReconciler) finalize(ctx context.Context, d *appsv1.Deployment) (ctrl.Result, error) {
	controllerutil.RemoveFinalizer(d, appFinalizer)
	return ctrl.Result{}, r.Update(ctx, d)
}

func (r *TailLiveReconciler) reconcile(ctx context.Context, d *appsv1.Deployment) (ctrl.Result, error) {
	if d.Spec.Paused {
		return ctrl.Result{}, nil
	}
	if !d.DeletionTimestamp.IsZero() { // never true here
		controllerutil.RemoveFinalizer(d, appFinalizer)
		return ctrl.Result{}, r.Update(ctx, d)
	}
	controllerutil.AddFinalizer(d, appFinalizer)
	return ctrl.Result{}, r.Update(ctx, d)
}

// A helper returning a *ctrl.Result the reconcile passes on when it is
// not nil (cloudnative-pg's shouldReconcile): an object whose replicas are
// all available returns &ctrl.Result{}, nil, deleted or not. Reported at
// the reconcile's return.
type PtrReconciler struct{ client.Client }

func (r *PtrReconciler) shouldReconcile(d *appsv1.Deployment) (*ctrl.Result, error) {
	if d.Status.AvailableReplicas > 0 {
		return &ctrl.Result{}, nil
	}
	return nil, nil
}

func (r *PtrReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	d := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if result, err := r.shouldReconcile(d); result != nil || err != nil {
		if result == nil {
			return ctrl.Result{}, err
		}
		return *result, err // want `this return passes on the success without requeue of shouldReconcile \(line 114\) comes before the deletion branch \(line 130\)`
	}
	if d.DeletionTimestamp.IsZero() {
		if controllerutil.AddFinalizer(d, appFinalizer) {
			return ctrl.Result{}, r.Update(ctx, d)
		}
	} else {
		controllerutil.RemoveFinalizer(d, appFinalizer)
		return ctrl.Result{}, r.Update(ctx, d)
	}
	return ctrl.Result{}, nil
}

// Twin, as fixed: the helper lets a terminating object through first.
type PtrGoodReconciler struct{ client.Client }

func (r *PtrGoodReconciler) shouldReconcile(d *appsv1.Deployment) (*ctrl.Result, error) {
	if !d.DeletionTimestamp.IsZero() {
		return nil, nil
	}
	if d.Status.AvailableReplicas > 0 {
		return &ctrl.Result{}, nil
	}
	return nil, nil
}

func (r *PtrGoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	d := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if result, err := r.shouldReconcile(d); result != nil || err != nil {
		if result == nil {
			return ctrl.Result{}, err
		}
		return *result, err
	}
	if d.DeletionTimestamp.IsZero() {
		if controllerutil.AddFinalizer(d, appFinalizer) {
			return ctrl.Result{}, r.Update(ctx, d)
		}
	} else {
		controllerutil.RemoveFinalizer(d, appFinalizer)
		return ctrl.Result{}, r.Update(ctx, d)
	}
	return ctrl.Result{}, nil
}

// Twin: the helper's early results requeue; the terminating object comes
// back.
type PtrRequeueReconciler struct{ client.Client }

func (r *PtrRequeueReconciler) shouldReconcile(d *appsv1.Deployment) (*ctrl.Result, error) {
	if d.Status.AvailableReplicas > 0 {
		return &ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	return nil, nil
}

func (r *PtrRequeueReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	d := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if result, err := r.shouldReconcile(d); result != nil || err != nil {
		if result == nil {
			return ctrl.Result{}, err
		}
		return *result, err
	}
	if d.DeletionTimestamp.IsZero() {
		if controllerutil.AddFinalizer(d, appFinalizer) {
			return ctrl.Result{}, r.Update(ctx, d)
		}
	} else {
		controllerutil.RemoveFinalizer(d, appFinalizer)
		return ctrl.Result{}, r.Update(ctx, d)
	}
	return ctrl.Result{}, nil
}

// Twin: the helper's early success is another instance's share (a spec
// field compared with the reconciler's own configuration), and the
// finalizer is added only after the call: such an object never gets it.
type PtrInstanceReconciler struct {
	client.Client
	scheduler string
}

func (r *PtrInstanceReconciler) shouldReconcile(d *appsv1.Deployment) (*ctrl.Result, error) {
	if d.Spec.Template.Spec.SchedulerName != r.scheduler {
		return &ctrl.Result{}, nil
	}
	return nil, nil
}

func (r *PtrInstanceReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	d := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if result, err := r.shouldReconcile(d); result != nil || err != nil {
		if result == nil {
			return ctrl.Result{}, err
		}
		return *result, err
	}
	if d.DeletionTimestamp.IsZero() {
		if controllerutil.AddFinalizer(d, appFinalizer) {
			return ctrl.Result{}, r.Update(ctx, d)
		}
	} else {
		controllerutil.RemoveFinalizer(d, appFinalizer)
		return ctrl.Result{}, r.Update(ctx, d)
	}
	return ctrl.Result{}, nil
}

// Twin: the helper's early success is "already reconciled" by generation
// (cloudnative-pg's isAlreadyReconciled): the API server bumps the
// generation when it sets the deletion timestamp, so a newly terminating
// object goes on to the deletion branch.
type PtrGenerationReconciler struct{ client.Client }

func (r *PtrGenerationReconciler) isAlreadyReconciled(d *appsv1.Deployment) bool {
	return d.Generation == d.Status.ObservedGeneration
}

func (r *PtrGenerationReconciler) shouldReconcile(d *appsv1.Deployment) (*ctrl.Result, error) {
	if r.isAlreadyReconciled(d) {
		return &ctrl.Result{}, nil
	}
	return nil, nil
}

func (r *PtrGenerationReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	d := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if result, err := r.shouldReconcile(d); result != nil || err != nil {
		if result == nil {
			return ctrl.Result{}, err
		}
		return *result, err
	}
	if d.DeletionTimestamp.IsZero() {
		if controllerutil.AddFinalizer(d, appFinalizer) {
			return ctrl.Result{}, r.Update(ctx, d)
		}
	} else {
		controllerutil.RemoveFinalizer(d, appFinalizer)
		return ctrl.Result{}, r.Update(ctx, d)
	}
	return ctrl.Result{}, nil
}

// Twin: the same gate written in Reconcile.
type GenerationReconciler struct{ client.Client }

func (r *GenerationReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	d := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if controllerutil.AddFinalizer(d, appFinalizer) {
		return ctrl.Result{}, r.Update(ctx, d)
	}
	if d.GetGeneration() == d.Status.ObservedGeneration {
		return ctrl.Result{}, nil
	}
	if !d.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(d, appFinalizer)
		return ctrl.Result{}, r.Update(ctx, d)
	}
	return ctrl.Result{}, nil
}
