// Package callerrequeue: a helper that logs a failed write and returns
// nil is retried when every caller requeues after it.
package callerrequeue

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
)

// A helper that logs a failed write and goes on, called only from a
// reconcile that requeues on every success: the requeue retries it.
type Users struct{ client.Client }

func (r *Users) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	rr := ctrl.Result{RequeueAfter: 5 * time.Second}
	if err := r.syncUsers(ctx, req.Namespace); err != nil {
		return ctrl.Result{}, err
	}
	return rr, nil
}

func (r *Users) syncUsers(ctx context.Context, ns string) error {
	for _, name := range []string{"a", "b"} {
		cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name}}
		if err := r.Create(ctx, cm); err != nil {
			logf.FromContext(ctx).Error(err, "creating the user", "user", name)
			continue
		}
	}
	return nil
}

// Twin: the caller returns success without a requeue after the helper.
type UsersOnce struct{ client.Client }

func (r *UsersOnce) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := r.syncUsers(ctx, req.Namespace); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *UsersOnce) syncUsers(ctx context.Context, ns string) error {
	for _, name := range []string{"a", "b"} {
		cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name}}
		if err := r.Create(ctx, cm); err != nil {
			logf.FromContext(ctx).Error(err, "creating the user", "user", name) // want `the error of Create is only logged, then syncUsers returns success`
			continue
		}
	}
	return nil
}

// The helper two calls down (percona-server-mongodb's handleUsers under
// reconcileCustomUsers): its caller is such a helper too, whose only
// caller requeues on every success.
type DeepUsers struct{ client.Client }

func (r *DeepUsers) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	rr := ctrl.Result{RequeueAfter: 5 * time.Second}
	if err := r.reconcileUsers(ctx, req.Namespace); err != nil {
		return ctrl.Result{}, err
	}
	return rr, nil
}

func (r *DeepUsers) reconcileUsers(ctx context.Context, ns string) error {
	if err := handleUsers(ctx, r.Client, ns); err != nil {
		return err
	}
	return nil
}

func handleUsers(ctx context.Context, c client.Client, ns string) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "users"}}
	if err := c.Create(ctx, cm); err != nil {
		logf.FromContext(ctx).Error(err, "creating the users")
	}
	return nil
}

// The level between returns two results (percona-server-mongodb's
// reconcileStatefulSet, (*StatefulSet, error)): its callers still decide,
// and the only one requeues on every success.
type PairUsers struct{ client.Client }

func (r *PairUsers) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	rr := ctrl.Result{RequeueAfter: 5 * time.Second}
	if _, err := r.reconcileConfig(ctx, req.Namespace); err != nil {
		return ctrl.Result{}, err
	}
	return rr, nil
}

func (r *PairUsers) reconcileConfig(ctx context.Context, ns string) (*corev1.ConfigMap, error) {
	if err := handlePairUsers(ctx, r.Client, ns); err != nil {
		return nil, err
	}
	return &corev1.ConfigMap{}, nil
}

func handlePairUsers(ctx context.Context, c client.Client, ns string) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "users"}}
	if err := c.Create(ctx, cm); err != nil {
		logf.FromContext(ctx).Error(err, "creating the users")
	}
	return nil
}

// The level between returns its error before a flag (worker-operator's
// ReconcileSliceNamespaces, (ctrl.Result, error, bool): false carries on),
// and the reconcile requeues on every success after it.
type FlagUsers struct{ client.Client }

func (r *FlagUsers) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	res, err, stop := r.reconcileNamespaces(ctx, req.Namespace)
	if stop {
		return res, err
	}
	return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
}

func (r *FlagUsers) reconcileNamespaces(ctx context.Context, ns string) (ctrl.Result, error, bool) {
	if err := r.annotate(ctx, ns); err != nil {
		return ctrl.Result{}, err, true
	}
	return ctrl.Result{}, nil, false
}

func (r *FlagUsers) annotate(ctx context.Context, ns string) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "allowed"}}
	if err := r.Create(ctx, cm); err != nil {
		logf.FromContext(ctx).Error(err, "annotating the namespace")
	}
	return nil
}
