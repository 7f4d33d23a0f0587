package requeue

import (
	"context"
	"errors"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Twin: a test stub returns the pair on purpose, to test what a wrapper
// does with it.
var stub = reconcile.Func(func(context.Context, reconcile.Request) (reconcile.Result, error) {
	return ctrl.Result{RequeueAfter: time.Second}, errors.New("boom")
})

func stubReconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{RequeueAfter: time.Second}, errors.New("boom")
}
