package state

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/go-logr/logr"
	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/log"
)

type AppReconciler struct {
	client.Client
	log     logr.Logger
	last    types.NamespacedName
	seen    map[string]int32
	pending []string
	current *appsv1.Deployment
	ready   bool
	stats   struct{ name string }

	mu    sync.Mutex
	cache map[string]*appsv1.Deployment
	byKey sync.Map
	count atomic.Int64
}

func (r *AppReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	r.last = req.NamespacedName  // want `assignment of request data into the reconciler's field last without a lock: reconciles of different objects run concurrently`
	r.log = log.FromContext(ctx) // want `field log without a lock`
	var dep appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &dep); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	r.pending = append(r.pending, dep.Name) // want `field pending without a lock`
	r.stats.name = dep.Name                 // want `field stats without a lock`
	r.remember(&dep)
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		r.current = &dep // want `field current without a lock`
		return r.Update(ctx, &dep)
	})

	// Not request data: a constant.
	r.ready = true
	// Guarded by a mutex.
	r.mu.Lock()
	r.cache[req.String()] = &dep
	r.mu.Unlock()
	r.cacheLocked(&dep)
	// Safe for concurrent use.
	r.byKey.Store(req.String(), &dep)
	r.count.Add(1)
	// Run on its own: not part of the reconcile.
	go func() { r.current = &dep }()
	// A value made per request keeps its own state.
	(&run{}).step(&dep)
	return ctrl.Result{}, err
}

func (r *AppReconciler) remember(dep *appsv1.Deployment) {
	r.seen[dep.Name] = *dep.Spec.Replicas // want `map insert of request data into the reconciler's field seen without a lock`
}

func (r *AppReconciler) cacheLocked(dep *appsv1.Deployment) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.put(dep)
}

// put is called with r.mu held.
func (r *AppReconciler) put(dep *appsv1.Deployment) {
	r.cache[dep.Name] = dep
}

func (r *AppReconciler) SetupWithManager(mgr ctrl.Manager) error {
	r.seen = map[string]int32{}
	r.log = mgr.GetLogger()
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.Deployment{}).Complete(r)
}

type run struct{ dep *appsv1.Deployment }

func (x *run) step(dep *appsv1.Deployment) { x.dep = dep }

// PoolReconciler runs four reconciles at once.
// AgentReconciler serves one object and keeps its progress on purpose: a
// field its branches test is state, not a leak.
type AgentReconciler struct {
	client.Client
	attempt *int32
}

func (r *AgentReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var dep appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &dep); err != nil {
		return ctrl.Result{}, err
	}
	if r.attempt == nil {
		r.attempt = dep.Spec.Replicas
	}
	return ctrl.Result{}, nil
}

func (r *AgentReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.Deployment{}).Complete(r)
}

// InstanceReconciler reads the request's object into a field.
type InstanceReconciler struct {
	client.Client
	instance *appsv1.DaemonSet
	list     appsv1.DaemonSetList
}

func (r *InstanceReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	r.instance = &appsv1.DaemonSet{}
	if err := r.Get(ctx, req.NamespacedName, r.instance); err != nil { // want `read \(Get\) of request data into the reconciler's field instance without a lock`
		return ctrl.Result{}, err
	}
	if err := r.List(ctx, &r.list, client.InNamespace(req.Namespace)); err != nil { // want `read \(List\) of request data into the reconciler's field list`
		return ctrl.Result{}, err
	}
	// Twin: a local object.
	var ds appsv1.DaemonSet
	return ctrl.Result{}, r.Get(ctx, req.NamespacedName, &ds)
}

func (r *InstanceReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.DaemonSet{}).Complete(r)
}

type PoolReconciler struct {
	client.Client
	name string
}

func (r *PoolReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	r.name = req.Name // want `this controller runs 4 reconciles at once \(MaxConcurrentReconciles\)`
	return ctrl.Result{}, nil
}

func (r *PoolReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.StatefulSet{}).
		WithOptions(controller.Options{MaxConcurrentReconciles: 4}).
		Complete(r)
}

// SubReconciler has a Reconcile method but is not a controller of this
// package: it may be made per request, so its fields are its own.
type SubReconciler struct{ name string }

func (s *SubReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s.name = req.Name
	return ctrl.Result{}, nil
}
