package reconcilers

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type AppReconciler struct {
	client.Client
	steps []step
}

func (r *AppReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil { // twin: the reconcile's ctx
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	var pods corev1.PodList
	if err := r.List(context.TODO(), &pods, client.InNamespace(req.Namespace)); err != nil { // want `context.TODO\(\) drops ctx, the context of the reconcile \(its cancellation, any deadline and its logger\); pass ctx instead`
		return ctrl.Result{}, err
	}

	// A closure run by RetryOnConflict before it returns: ctx is captured.
	if err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.Get(context.Background(), req.NamespacedName, cm); err != nil { // want `context.Background\(\) drops ctx`
			return err
		}
		cm.Data = map[string]string{"seen": "yes"}
		return r.Update(ctx, cm) // twin
	}); err != nil {
		return ctrl.Result{}, err
	}

	// A deferred closure runs before Reconcile returns, ctx still valid.
	defer func() {
		if err := r.Status().Update(context.TODO(), cm); err != nil { // want `context.TODO\(\) drops ctx`
			log.Error(err, "status")
		}
	}()

	// Twin: a goroutine may outlive the reconcile; detaching is deliberate.
	go func() {
		_ = r.Delete(context.Background(), &corev1.Pod{})
	}()
	go r.warmUp(ctx)

	// Twin: run after Reconcile has returned.
	time.AfterFunc(time.Minute, func() {
		_ = r.Delete(context.Background(), &corev1.Secret{})
	})

	if err := r.ensureSecret(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.withTimeout(ctx); err != nil {
		return ctrl.Result{}, err
	}
	r.defaults(cm)
	for _, s := range r.steps {
		if err := s.apply(ctx, cm); err != nil {
			return ctrl.Result{}, err
		}
	}
	check := r.checkPods
	if err := check(ctx); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.poll(ctx, req)
}

// A helper called by Reconcile, with its own name for the context.
func (r *AppReconciler) ensureSecret(c context.Context, cm *corev1.ConfigMap) error {
	s := &corev1.Secret{}
	s.Namespace, s.Name = cm.Namespace, cm.Name
	return r.Create(context.Background(), s) // want `context.Background\(\) drops c, the context of the reconcile \(its cancellation, any deadline and its logger\); pass c instead`
}

// A timeout is fine, but it must be derived from ctx.
func (r *AppReconciler) withTimeout(ctx context.Context) error {
	tctx, cancel := context.WithTimeout(context.Background(), 10*time.Second) // want `context.Background\(\) drops ctx`
	defer cancel()
	tctx2, cancel2 := context.WithTimeout(ctx, 10*time.Second) // twin
	defer cancel2()
	_ = tctx2
	// Twin: detached on purpose, logger kept.
	tctx3, cancel3 := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel3()
	_ = tctx3
	return r.Delete(tctx, &corev1.ConfigMap{})
}

// No context in scope, but Reconcile calls it with one: the helper should
// take it.
func (r *AppReconciler) defaults(cm *corev1.ConfigMap) {
	_ = r.Get(context.TODO(), client.ObjectKeyFromObject(cm), cm) // want `context.TODO\(\) drops the context of the reconcile: AppReconciler.defaults has no context.Context parameter, but AppReconciler.Reconcile calls it with ctx in scope; add a ctx parameter`
}

// Twin: started only by a go statement.
func (r *AppReconciler) warmUp(ctx context.Context) {
	_ = r.List(context.Background(), &corev1.PodList{})
}

// Called through a method value.
func (r *AppReconciler) checkPods(ctx context.Context) error {
	return r.List(context.TODO(), &corev1.PodList{}) // want `context.TODO\(\) drops ctx`
}

// The poll callback's context parameter is unnamed: name it.
func (r *AppReconciler) poll(ctx context.Context, req ctrl.Request) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(context.Context) (bool, error) {
		err := r.Get(context.TODO(), req.NamespacedName, &corev1.ConfigMap{}) // want `context.TODO\(\) drops the context of the reconcile \(its cancellation, any deadline and its logger\); name the context.Context parameter of the enclosing function literal and pass it instead`
		return err == nil, nil
	})
}

// Sub-reconcilers called through an interface.
type step interface {
	apply(ctx context.Context, cm *corev1.ConfigMap) error
}

type labelStep struct{ c client.Client }

func (s labelStep) apply(ctx context.Context, cm *corev1.ConfigMap) error {
	return s.c.Patch(context.TODO(), cm, client.MergeFrom(cm.DeepCopy())) // want `context.TODO\(\) drops ctx`
}

type ownerStep struct{ c client.Client }

func (s *ownerStep) apply(ctx context.Context, cm *corev1.ConfigMap) error {
	return s.c.Update(ctx, cm) // twin
}

// The shape of a reconciler as it should be.
type GoodReconciler struct {
	client.Client
}

func (r *GoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// Detached on purpose, the way the context package means it.
	bg := context.WithoutCancel(ctx)
	go func() {
		_ = r.Update(bg, cm)
	}()
	return ctrl.Result{}, nil
}

// Twin: a context.Context function not reachable from any reconciler (a
// manager Runnable).
type Janitor struct{ client.Client }

func (j *Janitor) Start(ctx context.Context) error { // want Start:`dropsContext\(context.Background\(\) at reconcile.go:166\)`
	return j.DeleteAllOf(context.Background(), &corev1.ConfigMap{})
}

// Twin: setup code has no reconcile context.
func (r *GoodReconciler) SetupWithManager(mgr ctrl.Manager) error { // want SetupWithManager:"ownContext\\(context.Background\\(\\)\\)"
	if err := mgr.GetFieldIndexer().IndexField(context.Background(), &corev1.Pod{}, "spec.nodeName", func(o client.Object) []string {
		return []string{o.(*corev1.Pod).Spec.NodeName}
	}); err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

func init() {
	_ = context.Background()
}

// A reconcile.Func.
func NewFuncReconciler(c client.Client) reconcile.Reconciler {
	return reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		return reconcile.Result{}, c.Get(context.TODO(), req.NamespacedName, &corev1.Pod{}) // want `context.TODO\(\) drops ctx`
	})
}

// A shadowed name cannot be passed: reported without a fix.
func (r *AppReconciler) shadowed(ctx context.Context) error {
	for _, ctx := range []string{"a"} {
		_ = ctx
		return r.List(context.TODO(), &corev1.PodList{}) // want `context.TODO\(\) drops ctx`
	}
	return nil
}

type ShadowReconciler struct{ AppReconciler }

func (r *ShadowReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.shadowed(ctx)
}
