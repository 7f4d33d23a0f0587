// Package reconcileset is the fixture of ReconcileSet: a function of the
// set is reported "in the reconcile".
package reconcileset

import (
	"context"
	"time"

	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct{ step stepper }

type stepper interface{ step(context.Context) }

type impl struct{}

func (impl) step(context.Context) {} // want "in the reconcile"

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want "in the reconcile"
	r.helper(ctx)
	r.step.step(ctx)
	_ = retry.RetryOnConflict(retry.DefaultRetry, func() error { // want "in the reconcile"
		return nil
	})
	go background()
	time.AfterFunc(time.Second, later)
	defer func() {}() // want "in the reconcile"
	return ctrl.Result{}, nil
}

func (r *Reconciler) helper(ctx context.Context) { deeper() } // want "in the reconcile"

func deeper() {} // want "in the reconcile"

// Started by a go statement or a timer: outlives the reconcile.
func background() {}

func later() {}

// Set-up code is not part of a reconcile.
func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	deeperSetup()
	return ctrl.NewControllerManagedBy(mgr).Named("x").Complete(r)
}

func deeperSetup() {}
