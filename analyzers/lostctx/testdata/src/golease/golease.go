// Package golease's reconciler starts goroutines that outlive the
// reconcile (karmada's cluster lease controllers): a context made for
// them only, with its cancel function stored to stop them, is no
// reconcile context dropped.
package golease

import (
	"context"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type LeaseReconciler struct {
	client.Client
	leases sync.Map
}

func (r *LeaseReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	r.startLease(cm.Name)

	// Made in the reconcile itself, for a goroutine only.
	lctx, cancel := context.WithCancel(context.Background())
	r.leases.Store(cm.Name+"/renew", cancel)
	go r.renew(lctx, cm.Name)
	go r.renew(context.TODO(), cm.Name+"/direct")

	// Twins: the context reaches a call of the reconcile too.
	wctx, wcancel := context.WithTimeout(context.Background(), time.Minute) // want `context.Background\(\) drops ctx`
	defer wcancel()
	go r.renew(wctx, cm.Name)
	if err := r.Update(wctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.startWatch(cm.Name); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// startLease has no context: the one it makes is the lease goroutine's,
// which must outlive the reconcile (karmada's initLeaseController).
func (r *LeaseReconciler) startLease(name string) {
	if _, ok := r.leases.Load(name); ok {
		return
	}
	ctx, cancel := context.WithCancel(context.TODO())
	r.leases.Store(name, cancel)
	go func() {
		r.renew(ctx, name)
		r.leases.Delete(name)
	}()
}

// Twin: the goroutine's context is also used before startWatch returns.
func (r *LeaseReconciler) startWatch(name string) error {
	ctx, cancel := context.WithCancel(context.TODO()) // want `context.TODO\(\) drops the context of the reconcile: LeaseReconciler.startWatch has no context.Context parameter`
	r.leases.Store(name+"/watch", cancel)
	go func() {
		r.renew(ctx, name)
	}()
	return r.Get(ctx, client.ObjectKey{Name: name}, &corev1.ConfigMap{})
}

func (r *LeaseReconciler) renew(ctx context.Context, name string) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			_ = r.Patch(ctx, &corev1.ConfigMap{}, client.RawPatch("application/merge-patch+json", []byte("{}")))
		}
	}
}
