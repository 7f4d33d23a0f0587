// Package deferred patches the status in deferred functions.
package deferred

import (
	"context"
	"fmt"

	appsv1 "k8s.io/api/apps/v1"
	kerrors "k8s.io/apimachinery/pkg/util/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, retErr error) {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, dep); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	defer func() {
		if err := r.Status().Update(ctx, dep); err != nil {
			retErr = err // want `the deferred function assigns its own error to retErr, the error Reconcile returns: when it already failed, that error is replaced \(and a nil from a successful call clears it\), so the real failure is lost from the logs, and from metrics and backoff too when a nil clears it; aggregate them, for example retErr = errors.Join\(retErr, err\)`
		}
	}()
	return ctrl.Result{}, r.step(ctx, dep)
}

// Unconditionally: a successful update even clears the error.
func (r *Reconciler) always(ctx context.Context, dep *appsv1.Deployment) (err error) {
	defer func() {
		err = r.Status().Update(ctx, dep) // want `assigns its own error to err, the error the function returns`
	}()
	if dep.Spec.Paused {
		return fmt.Errorf("paused")
	}
	return nil
}

func (r *Reconciler) step(ctx context.Context, dep *appsv1.Deployment) error {
	return r.Update(ctx, dep)
}

// Twins, not reported.

func (r *Reconciler) aggregated(ctx context.Context, dep *appsv1.Deployment) (retErr error) {
	defer func() {
		if err := r.Status().Update(ctx, dep); err != nil {
			retErr = kerrors.NewAggregate([]error{retErr, err})
		}
	}()
	return r.step(ctx, dep)
}

func (r *Reconciler) wrapped(ctx context.Context, dep *appsv1.Deployment) (retErr error) {
	defer func() {
		if err := r.Status().Update(ctx, dep); err != nil {
			retErr = fmt.Errorf("%w; status: %v", retErr, err)
		}
	}()
	return r.step(ctx, dep)
}

// Only when there is no error yet.
func (r *Reconciler) onlyWhenNil(ctx context.Context, dep *appsv1.Deployment) (retErr error) {
	defer func() {
		if err := r.Status().Update(ctx, dep); err != nil && retErr == nil {
			retErr = err
		}
	}()
	defer func() {
		if retErr != nil {
			return
		}
		if err := r.Update(ctx, dep); err != nil {
			retErr = err
		}
	}()
	return r.step(ctx, dep)
}

// The function itself never fails: nothing to replace.
func (r *Reconciler) neverFails(ctx context.Context, dep *appsv1.Deployment) (retErr error) {
	defer func() {
		if err := r.Status().Update(ctx, dep); err != nil {
			retErr = err
		}
	}()
	dep.Spec.Paused = true
	return nil
}

// A panic turned into the error: nothing was being returned then.
func (r *Reconciler) recovered(ctx context.Context, dep *appsv1.Deployment) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("recovered from a panic: %v", p)
		}
	}()
	return r.step(ctx, dep)
}

// The deferred function decides what the function returns on every
// path, and clears the body's error on purpose (errors go to the status,
// not to controller-runtime): a replacement loses nothing by design.
func (r *Reconciler) statusOnly(ctx context.Context, dep *appsv1.Deployment) (err error) {
	defer func() {
		if e := r.recordError(ctx, dep, err); e != nil {
			err = fmt.Errorf("cannot record the error: %w", e)
			return
		}
		if e := r.Status().Update(ctx, dep); e != nil {
			err = fmt.Errorf("cannot update status: %w", e)
			return
		}
		// Controller-runtime should never receive handled errors.
		err = nil
	}()
	return r.step(ctx, dep)
}

// Twin: the same without the final err = nil lets the body's error
// through on success, and replaces it on failure.
func (r *Reconciler) statusTooLong(ctx context.Context, dep *appsv1.Deployment) (err error) {
	defer func() {
		if e := r.Status().Update(ctx, dep); e != nil {
			err = fmt.Errorf("cannot update the status of deployment %s/%s: %w", dep.Namespace, dep.Name, e) // want `aggregate them, for example err = errors.Join\(err, fmt.Errorf\(...\)\)`
		}
	}()
	return r.step(ctx, dep)
}

// recordError writes err into the status conditions.
func (r *Reconciler) recordError(ctx context.Context, dep *appsv1.Deployment, err error) error {
	if err != nil {
		dep.Status.Conditions = append(dep.Status.Conditions, appsv1.DeploymentCondition{Type: "Failed", Message: err.Error()})
	}
	return r.Status().Update(ctx, dep)
}
