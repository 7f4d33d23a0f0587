package reconcilers

import (
	"context"
	"net/http"
	"sync"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/metadata"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/cluster"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"fixtures/clients"
	"fixtures/gen/clientset/versioned"
)

// client.New in Reconcile.
type ClientNewReconciler struct {
	client.Client
	Config *rest.Config
}

func (r *ClientNewReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c, err := client.New(r.Config, client.Options{}) // want `client.New builds a new API client each time a reconcile runs it \(a REST mapper that runs API discovery again, and reads that no informer cache serves\), adding load on the API server and memory with every request; build it once, in main or SetupWithManager, and keep it on the reconciler, use the manager's client \(mgr.GetClient\(\), mgr.GetAPIReader\(\)\), or cache it per target cluster`
	if err != nil {
		return ctrl.Result{}, err
	}
	var pod corev1.Pod
	return ctrl.Result{}, client.IgnoreNotFound(c.Get(ctx, req.NamespacedName, &pod))
}

// kubernetes.NewForConfig in a helper method Reconcile calls; the field
// it is stored into is not tested first.
type HelperReconciler struct {
	client.Client
	Config    *rest.Config
	clientset kubernetes.Interface
}

func (r *HelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := r.connect(); err != nil {
		return ctrl.Result{}, err
	}
	_, err := r.clientset.CoreV1().Pods(req.Namespace).Get(ctx, req.Name, metav1.GetOptions{})
	return ctrl.Result{}, err
}

func (r *HelperReconciler) connect() error {
	cs, err := kubernetes.NewForConfig(r.Config) // want `kubernetes.NewForConfig builds a new API client each time a reconcile runs it \(its own client-side rate limiter where its config sets a QPS \(none where QPS is negative, as controller-runtime's GetConfig sets it\), apart from the manager's, and reads that no informer cache serves\)`
	if err != nil {
		return err
	}
	r.clientset = cs
	return nil
}

// dynamic.NewForConfig in a closure run by retry.RetryOnConflict, and a
// discovery client.
type RetryReconciler struct {
	client.Client
	Config *rest.Config
}

func (r *RetryReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		dc, err := dynamic.NewForConfig(r.Config) // want `dynamic.NewForConfig builds a new API client each time a reconcile runs it`
		if err != nil {
			return err
		}
		_ = dc
		return nil
	})
	if err != nil {
		return ctrl.Result{}, err
	}
	// A helper returns a client its caller does not keep.
	if _, err := r.clientset(); err != nil {
		return ctrl.Result{}, err
	}
	disco := discovery.NewDiscoveryClientForConfigOrDie(r.Config) // want `discovery.NewDiscoveryClientForConfigOrDie builds a new API client each time a reconcile runs it \(discovery requests that no cache answers\)`
	_, err = disco.ServerVersion()
	return ctrl.Result{}, err
}

func (r *RetryReconciler) clientset() (kubernetes.Interface, error) {
	return kubernetes.NewForConfigAndClient(r.Config, http.DefaultClient) // want `kubernetes.NewForConfigAndClient builds a new API client each time a reconcile runs it`
}

// A manager, through ctrl.NewManager (a variable holding manager.New),
// and a cluster per remote kubeconfig.
type ManagerReconciler struct {
	client.Client
	Config *rest.Config
}

func (r *ManagerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	mgr, err := ctrl.NewManager(r.Config, ctrl.Options{}) // want `ctrl.NewManager builds a new API client each time a reconcile runs it \(a new client, REST mapper and informer caches that list and watch on their own once started\)`
	if err != nil {
		return ctrl.Result{}, err
	}
	_ = mgr

	var secret corev1.Secret
	if err := r.Get(ctx, req.NamespacedName, &secret); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	remote, err := clientcmd.RESTConfigFromKubeConfig(secret.Data["kubeconfig"])
	if err != nil {
		return ctrl.Result{}, err
	}
	cl, err := cluster.New(remote) // want `cluster.New builds a new API client each time a reconcile runs it`
	if err != nil {
		return ctrl.Result{}, err
	}
	_ = cl
	return ctrl.Result{}, nil
}

// Helpers of other packages of the module, known by their facts.
type FactsReconciler struct {
	client.Client
	Factory *clients.Factory
}

func (r *FactsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cs, err := clients.Clientset(r.Factory.Config) // want `clients.Clientset builds a new API client each time a reconcile runs it \(kubernetes.NewForConfig at clients.go:\d+: its own client-side rate limiter where its config sets a QPS`
	if err != nil {
		return ctrl.Result{}, err
	}
	_ = cs
	remote, err := clients.Remote(ctx, nil) // want `clients.Remote builds a new API client each time a reconcile runs it \(client.New at clients.go:\d+: `
	if err != nil {
		return ctrl.Result{}, err
	}
	_ = remote
	dyn, err := r.Factory.Dynamic() // want `r.Factory.Dynamic builds a new API client each time a reconcile runs it \(dynamic.NewForConfig at kubeutil.go:\d+: `
	if err != nil {
		return ctrl.Result{}, err
	}
	_ = dyn
	return ctrl.Result{}, nil
}

// A generated clientset, a metadata client in a reconcile.Func, a
// package variable holding a constructor, and a sync.Once local to the
// reconcile.
var newClientset = kubernetes.NewForConfig

type MiscReconciler struct {
	client.Client
	Config *rest.Config
}

func (r *MiscReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	vc, err := versioned.NewForConfig(r.Config) // want `versioned.NewForConfig builds a new API client each time a reconcile runs it`
	if err != nil {
		return ctrl.Result{}, err
	}
	_ = vc
	cs, err := newClientset(r.Config) // want `newClientset \(kubernetes.NewForConfig\) builds a new API client each time a reconcile runs it`
	if err != nil {
		return ctrl.Result{}, err
	}
	_ = cs
	if _, err := build[corev1.Pod](r.Config); err != nil {
		return ctrl.Result{}, err
	}
	if _, err := clients.Generic[corev1.Secret](r.Config); err != nil { // want `clients.Generic\[corev1.Secret\] builds a new API client each time a reconcile runs it \(client.New at clients.go`
		return ctrl.Result{}, err
	}
	rc, err := rest.RESTClientFor(r.Config) // want `rest.RESTClientFor builds a new API client each time a reconcile runs it`
	if err != nil {
		return ctrl.Result{}, err
	}
	_ = rc
	var once sync.Once
	once.Do(func() {
		_, _ = client.NewWithWatch(r.Config, client.Options{}) // want `client.NewWithWatch builds a new API client each time a reconcile runs it`
	})
	return ctrl.Result{}, nil
}

func NewFuncReconciler(cfg *rest.Config) reconcile.Reconciler {
	return reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		mc, err := metadata.NewForConfig(cfg) // want `metadata.NewForConfig builds a new API client each time a reconcile runs it`
		if err != nil {
			return reconcile.Result{}, err
		}
		_ = mc
		return reconcile.Result{}, nil
	})
}

// A generic helper of the package.
func build[T any](cfg *rest.Config) (kubernetes.Interface, error) {
	return kubernetes.NewForConfigOrDie(cfg), nil // want `kubernetes.NewForConfigOrDie builds a new API client each time a reconcile runs it`
}

// A generic reconciler.
type GenericReconciler[T client.Object] struct {
	Config *rest.Config
}

func (r *GenericReconciler[T]) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	_, err := client.New(r.Config, client.Options{}) // want `client.New builds a new API client each time a reconcile runs it`
	return ctrl.Result{}, err
}

// The twin: the field is tested, but the client is built when it is set.
type InvertedReconciler struct {
	Config  *rest.Config
	Dynamic dynamic.Interface
}

func (r *InvertedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	dc := r.Dynamic
	if dc != nil {
		dc = dynamic.NewForConfigOrDie(r.Config) // want `dynamic.NewForConfigOrDie builds a new API client each time a reconcile runs it`
	}
	use(dc)
	return ctrl.Result{}, nil
}
