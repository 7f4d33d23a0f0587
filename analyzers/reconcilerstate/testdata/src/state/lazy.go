package state

import (
	"context"
	"fmt"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A field filled once behind its nil test is a cache, exempt while what
// fills it is the same for every request (made from the configuration or
// the manager). Made from the request (a client for the workload cluster
// of the object reconciled, a scope built from the request), the first
// reconcile's value is reused by every later reconcile of another object.

// workloadClient connects to the cluster whose kubeconfig the object's
// Secret holds.
func workloadClient(ctx context.Context, c client.Client, owner *appsv1.Deployment) (client.Client, error) {
	var secret corev1.Secret
	if err := c.Get(ctx, client.ObjectKey{Namespace: owner.Namespace, Name: owner.Name + "-kubeconfig"}, &secret); err != nil {
		return nil, err
	}
	cfg, err := clientcmd.RESTConfigFromKubeConfig(secret.Data["value"])
	if err != nil {
		return nil, err
	}
	return client.New(cfg, client.Options{})
}

// Bad: the workload cluster's client, made from the object fetched by the
// request's key, kept for all the objects.
type WorkloadReconciler struct {
	client.Client
	workload client.Client
}

func (r *WorkloadReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cluster appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &cluster); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if r.workload == nil {
		var err error
		r.workload, err = workloadClient(ctx, r.Client, &cluster) // want `assignment of request data into the reconciler's field workload behind its nil test: it is made once, for the first object reconciled, and every later reconcile of another object reuses it`
		if err != nil {
			return ctrl.Result{}, err
		}
	}
	var nodes corev1.NodeList
	return ctrl.Result{}, r.workload.List(ctx, &nodes)
}

func (r *WorkloadReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.Deployment{}).Complete(r)
}

// clusterScope is what a reconcile knows of its request.
type clusterScope struct {
	cluster *appsv1.Deployment
	cfg     *rest.Config
}

func newClusterScope(ctx context.Context, c client.Client, req ctrl.Request, cfg *rest.Config) (*clusterScope, error) {
	cluster := &appsv1.Deployment{}
	if err := c.Get(ctx, req.NamespacedName, cluster); err != nil {
		return nil, err
	}
	return &clusterScope{cluster: cluster, cfg: cfg}, nil
}

// kube makes a clientset that impersonates the cluster's service account.
func (s *clusterScope) kube() (*kubernetes.Clientset, error) {
	cfg := rest.CopyConfig(s.cfg)
	cfg.Impersonate.UserName = fmt.Sprintf("system:serviceaccount:%s:%s", s.cluster.Namespace, s.cluster.Spec.Template.Spec.ServiceAccountName)
	return kubernetes.NewForConfig(cfg)
}

// Bad: made from a scope built from the request.
type ScopeReconciler struct {
	client.Client
	cfg  *rest.Config
	kube *kubernetes.Clientset
}

func (r *ScopeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	scope, err := newClusterScope(ctx, r.Client, req, r.cfg)
	if err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if r.kube == nil {
		kube, err := scope.kube()
		if err != nil {
			return ctrl.Result{}, err
		}
		r.kube = kube // want `field kube behind its nil test: it is made once, for the first object reconciled`
	}
	_, err = r.kube.CoreV1().Pods(req.Namespace).List(ctx, metav1.ListOptions{})
	return ctrl.Result{}, err
}

func (r *ScopeReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.Deployment{}).Complete(r)
}

// Bad: a getter of the reconciler, given the object.
type GetterReconciler struct {
	client.Client
	remote client.Client
}

func (r *GetterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cluster appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &cluster); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	remote, err := r.remoteClient(ctx, &cluster)
	if err != nil {
		return ctrl.Result{}, err
	}
	var nodes corev1.NodeList
	return ctrl.Result{}, remote.List(ctx, &nodes)
}

func (r *GetterReconciler) remoteClient(ctx context.Context, cluster *appsv1.Deployment) (client.Client, error) {
	if r.remote != nil {
		return r.remote, nil
	}
	c, err := workloadClient(ctx, r.Client, cluster)
	if err != nil {
		return nil, err
	}
	r.remote = c // want `field remote behind its nil test: it is made once, for the first object reconciled`
	return c, nil
}

func (r *GetterReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.Deployment{}).Complete(r)
}

// Twins.

// Twin: made lazily from the configuration and the manager only: the same
// for every request, a cache.
type ConfigReconciler struct {
	client.Client
	mgr    ctrl.Manager
	cfg    *rest.Config
	kube   *kubernetes.Clientset
	reader client.Client
	poller *poller
}

type poller struct {
	ctx context.Context
	cfg *rest.Config
}

func newPoller(ctx context.Context, cfg *rest.Config) *poller { return &poller{ctx: ctx, cfg: cfg} }

func (r *ConfigReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if r.kube == nil {
		kube, err := kubernetes.NewForConfig(r.cfg)
		if err != nil {
			return ctrl.Result{}, err
		}
		r.kube = kube
	}
	if r.reader == nil {
		var err error
		r.reader, err = client.New(r.mgr.GetConfig(), client.Options{Scheme: r.mgr.GetScheme()})
		if err != nil {
			return ctrl.Result{}, err
		}
	}
	// The context alone does not make a value the request's object's.
	if r.poller == nil {
		r.poller = newPoller(ctx, r.cfg)
	}
	var dep appsv1.Deployment
	return ctrl.Result{}, r.reader.Get(ctx, req.NamespacedName, &dep)
}

func (r *ConfigReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.Deployment{}).Complete(r)
}

// Twin: the workload client made per request, in a local variable.
type LocalReconciler struct {
	client.Client
}

func (r *LocalReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cluster appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &cluster); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	workload, err := workloadClient(ctx, r.Client, &cluster)
	if err != nil {
		return ctrl.Result{}, err
	}
	var nodes corev1.NodeList
	return ctrl.Result{}, workload.List(ctx, &nodes)
}

func (r *LocalReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.Deployment{}).Complete(r)
}
