package shadowed

import (
	"context"
	"errors"
	"time"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Every err above the last return is a shadowing := of an inner block:
// the function-level err is nil on every path to it, so the Result is
// honoured. Silent, however err is kept.

type R struct {
	client.Client
	log logr.Logger
}

// A plain local (SSA makes it the constant nil).
func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var err error
	if name := req.Name; name != "" {
		obj := &corev1.Pod{}
		if err := r.Get(ctx, types.NamespacedName{Name: name}, obj); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{RequeueAfter: time.Minute}, err
}

// Captured by a deferred logger: a variable in memory, loaded at the
// return.
func (r *R) deferred(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var err error
	defer func() {
		if err != nil {
			r.log.Error(err, "reconcile failed")
		}
	}()
	if name := req.Name; name != "" {
		obj := &corev1.Pod{}
		if err := r.Get(ctx, types.NamespacedName{Name: name}, obj); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{RequeueAfter: time.Minute}, err
}

// A named result read by a deferred logger.
func (r *R) named(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	defer func() {
		if err != nil {
			r.log.Error(err, "reconcile failed")
		}
	}()
	if name := req.Name; name != "" {
		obj := &corev1.Pod{}
		if err := r.Get(ctx, types.NamespacedName{Name: name}, obj); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{RequeueAfter: time.Minute}, err
}

// Read by a closure that is called; an explicit nil assigned.
func (r *R) closure(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var err error
	logIt := func() { r.log.Info("state", "err", err) }
	if name := req.Name; name != "" {
		obj := &corev1.Pod{}
		if err := r.Get(ctx, types.NamespacedName{Name: name}, obj); err != nil {
			return ctrl.Result{}, err
		}
		err = nil
	}
	logIt()
	return ctrl.Result{RequeueAfter: time.Minute}, err
}

// In a loop.
func (r *R) loop(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var err error
	defer func() { r.log.Info("done", "err", err) }()
	for _, n := range []string{req.Name, req.Namespace} {
		obj := &corev1.Pod{}
		if err := r.Get(ctx, types.NamespacedName{Name: n}, obj); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{RequeueAfter: time.Minute}, err
}

// The twins: one assignment of a value that may be non-nil reaches the
// return. Reported.

func (r *R) deferredAssigned(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var err error
	defer func() {
		if err != nil {
			r.log.Error(err, "reconcile failed")
		}
	}()
	obj := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, err
	}
	if obj.Labels["touch"] != "" {
		err = r.Update(ctx, obj)
	}
	return ctrl.Result{RequeueAfter: time.Minute}, err // want `a Result with RequeueAfter set is returned with an error that may be non-nil`
}

func (r *R) namedAssigned(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	defer func() {
		if err != nil {
			r.log.Error(err, "reconcile failed")
		}
	}()
	obj := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, err
	}
	err = r.Update(ctx, obj)
	return ctrl.Result{RequeueAfter: time.Minute}, err // want `a Result with RequeueAfter set is returned with an error that may be non-nil`
}

// The closure assigns it.
func (r *R) closureAssigns(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var err error
	obj := &corev1.Pod{}
	update := func() { err = r.Update(ctx, obj) }
	if req.Name != "" {
		update()
	}
	return ctrl.Result{RequeueAfter: time.Minute}, err // want `a Result with RequeueAfter set is returned with an error that may be non-nil`
}

// Its address is handed to a function, which may set it.
func (r *R) addressTaken(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var err error
	fill(&err, req.Name == "")
	return ctrl.Result{RequeueAfter: time.Minute}, err // want `a Result with RequeueAfter set is returned with an error that may be non-nil`
}

func fill(p *error, bad bool) {
	if bad {
		*p = errors.New("empty name")
	}
}
