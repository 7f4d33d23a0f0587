package controller

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/record"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	webappv1 "fixtures/api/v1"
)

type GuestbookReconciler struct { // requests (wiring's fact): …configmaps:create…guestbooks.webapp.example.com/status:patch…configmaps:watch
	client.Client
	APIReader client.Reader
	Recorder  record.EventRecorder
	Remote    *rest.Config
}

// +kubebuilder:rbac:groups=webapp.example.com,resources=guestbooks,verbs=get;list;watch;update;patch
// +kubebuilder:rbac:groups=webapp.example.com,resources=guestbooks/status,verbs=get;update
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=core,resources=configmaps,verbs=get;create
// +kubebuilder:rbac:groups=core,resources=nodes,verbs=get
// +kubebuilder:rbac:groups="",resources=events,verbs=create;patch

// Reconcile reads and writes what its markers grant, except the
// ConfigMaps' list and watch (an Owns source), the guestbook status patch
// and the pods it lists.
func (r *GuestbookReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	gb := &webappv1.Guestbook{}
	if err := r.Get(ctx, req.NamespacedName, gb); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, dep); err != nil {
		if err := r.Create(ctx, dep); err != nil {
			return ctrl.Result{}, err
		}
	}
	cm := &corev1.ConfigMap{}
	if err := r.Create(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	// Uncached reader: get is enough.
	node := &corev1.Node{}
	if err := r.APIReader.Get(ctx, client.ObjectKey{Name: "n"}, node); err != nil {
		return ctrl.Result{}, err
	}
	// Secrets skip the cache (DisableFor in main); another package's
	// marker grants get.
	secret := &corev1.Secret{}
	if err := r.Get(ctx, req.NamespacedName, secret); err != nil {
		return ctrl.Result{}, err
	}
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(req.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	r.Recorder.Event(gb, corev1.EventTypeNormal, "Synced", "synced")
	patch := client.MergeFrom(gb.DeepCopyObject().(client.Object))
	gb.Status.Ready = true
	if err := r.Status().Patch(ctx, gb, patch); err != nil {
		return ctrl.Result{}, err
	}
	r.keepLater(ctx)
	return ctrl.Result{}, r.cleanRemote(ctx)
}

// cleanRemote deletes pods of another cluster with a client of its own:
// the manager's role is not what it needs.
func (r *GuestbookReconciler) cleanRemote(ctx context.Context) error {
	c, err := client.New(r.Remote, client.Options{})
	if err != nil {
		return err
	}
	if err := c.DeleteAllOf(ctx, &corev1.Pod{}, client.InNamespace("default")); err != nil {
		return err
	}
	if err := sweepLater(ctx, c); err != nil {
		return err
	}
	return r.drain(ctx, c)
}

// sweepLater runs a closure over the remote client it captures (a
// periodic job): its calls are not the manager's either.
func sweepLater(ctx context.Context, c client.Client) error {
	sweep := func() {
		_ = c.Delete(ctx, &corev1.Namespace{})
	}
	go sweep()
	return nil
}

// keepLater's closure captures a local holding the manager's client: the
// manager's role needs its delete.
func (r *GuestbookReconciler) keepLater(ctx context.Context) {
	mc := r.Client
	keep := func() {
		_ = mc.Delete(ctx, &corev1.ServiceAccount{})
	}
	go keep()
	_ = r.markStatefulSets(ctx, "default")
}

// drain is given the remote client only: its calls are not the manager's.
func (r *GuestbookReconciler) drain(ctx context.Context, c client.Client) error {
	return c.Delete(ctx, &corev1.Node{})
}

func (r *GuestbookReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&webappv1.Guestbook{}).
		Owns(&appsv1.Deployment{}).
		Owns(&corev1.ConfigMap{}).
		Complete(r)
}
