package reconcilers

import (
	"context"
	"sync"

	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/metadata"
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/clients"
)

// Twins: built once, outside the reconcile, or kept behind a test of
// where it is kept.

var global kubernetes.Interface

func init() {
	global, _ = kubernetes.NewForConfig(&rest.Config{})
}

// main-like construction. Functions that build a client on every call
// and are not run by a reconcile of this package get a fact: a reconciler
// of another package that calls them is reported there.
func NewGoodReconciler(cfg *rest.Config) (*GoodReconciler, error) { // want NewGoodReconciler:"constructsClient\\(kubernetes.NewForConfig\\)"
	cs, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		return nil, err
	}
	return &GoodReconciler{Config: cfg, clientset: cs}, nil
}

type entry struct {
	client client.Client
}

type GoodReconciler struct {
	client.Client
	Config    *rest.Config
	clientset kubernetes.Interface
	dyn       dynamic.Interface
	kube      kubernetes.Interface
	meta      metadata.Interface
	apiReader client.Reader

	once   sync.Once
	direct client.Client

	mu       sync.Mutex
	remotes  map[string]client.Client
	clusters map[string]*entry
	cache    *clients.Cache
}

func (r *GoodReconciler) SetupWithManager(mgr ctrl.Manager) error { // want SetupWithManager:"constructsClient\\(kubernetes.NewForConfig\\)"
	cs, err := kubernetes.NewForConfig(mgr.GetConfig())
	if err != nil {
		return err
	}
	r.clientset = cs
	r.apiReader = mgr.GetAPIReader()
	return ctrl.NewControllerManagedBy(mgr).Named("good").Complete(r)
}

func (r *GoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	// Cached behind a nil test of the same field.
	if r.clientset == nil {
		var err error
		r.clientset, err = kubernetes.NewForConfig(r.Config)
		if err != nil {
			return ctrl.Result{}, err
		}
	}
	// The caller tests the field the helper stores into.
	if r.kube == nil {
		if err := r.connectKube(); err != nil {
			return ctrl.Result{}, err
		}
	}
	// The caller keeps what the helper returns, behind a nil test.
	if r.meta == nil {
		var err error
		if r.meta, err = r.newMetadata(); err != nil {
			return ctrl.Result{}, err
		}
	}
	if _, err := r.dynamic(); err != nil {
		return ctrl.Result{}, err
	}

	// Built once by a sync.Once of the reconciler.
	r.once.Do(func() {
		r.direct, _ = client.New(r.Config, client.Options{})
	})
	r.once.Do(r.initClients)

	// Cached per target cluster.
	if _, err := r.remote(req.Namespace); err != nil {
		return ctrl.Result{}, err
	}
	if _, err := r.cluster(req.Namespace); err != nil {
		return ctrl.Result{}, err
	}

	// A goroutine: not per reconcile.
	go func() {
		_, _ = dynamic.NewForConfig(r.Config)
	}()
	go r.watchRemote()

	// Wrapping the manager's client builds nothing; helpers of other
	// packages that do not build one, or keep it.
	_ = clients.Namespaced(r.Client, req.Namespace)
	if _, err := r.cache.Get(); err != nil {
		return ctrl.Result{}, err
	}
	if _, err := clients.Builder(); err != nil {
		return ctrl.Result{}, err
	}
	if _, err := clients.Suppressed(r.Config); err != nil {
		return ctrl.Result{}, err
	}

	// Suppressed with a reason.
	//reconcilecheck:ignore newclient the target cluster changes on every call in this fixture
	_, _ = kubernetes.NewForConfig(r.Config)
	return ctrl.Result{}, nil
}

// A getter that returns early when the client is there.
func (r *GoodReconciler) dynamic() (dynamic.Interface, error) {
	if r.dyn != nil {
		return r.dyn, nil
	}
	dc, err := dynamic.NewForConfig(r.Config)
	if err != nil {
		return nil, err
	}
	r.dyn = dc
	return dc, nil
}

func (r *GoodReconciler) connectKube() error {
	cs, err := kubernetes.NewForConfig(r.Config)
	if err != nil {
		return err
	}
	r.kube = cs
	return nil
}

func (r *GoodReconciler) newMetadata() (metadata.Interface, error) {
	return metadata.NewForConfig(r.Config)
}

func (r *GoodReconciler) initClients() {
	r.direct, _ = client.New(r.Config, client.Options{})
}

// A map of clients per cluster, guarded by the comma-ok of the lookup.
func (r *GoodReconciler) remote(name string) (client.Client, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if c, ok := r.remotes[name]; ok {
		return c, nil
	}
	c, err := client.New(r.Config, client.Options{})
	if err != nil {
		return nil, err
	}
	r.remotes[name] = c
	return c, nil
}

// A map of entries, guarded by a presence and a nil test.
func (r *GoodReconciler) cluster(name string) (client.Client, error) {
	if e, ok := r.clusters[name]; ok && e.client != nil {
		return e.client, nil
	}
	c, err := client.New(r.Config, client.Options{})
	if err != nil {
		return nil, err
	}
	r.clusters[name] = &entry{client: c}
	return c, nil
}

func (r *GoodReconciler) watchRemote() {
	_, _ = client.NewWithWatch(r.Config, client.Options{})
}

// FallbackReconciler is given its dynamic client by main; it builds one
// only where the field was left unset (tests): not per reconcile.
type FallbackReconciler struct {
	Config  *rest.Config
	Dynamic dynamic.Interface
}

func (r *FallbackReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	r.sync(ctx)
	dc := r.Dynamic
	if dc == nil {
		dc = dynamic.NewForConfigOrDie(r.Config)
	}
	use(dc)
	return ctrl.Result{}, nil
}

func use(dynamic.Interface) {}

// The same with the local captured by a closure (a cell, no phi).
func (r *FallbackReconciler) sync(ctx context.Context) {
	dc := r.Dynamic
	if dc == nil {
		dc = dynamic.NewForConfigOrDie(r.Config)
	}
	func() { use(dc) }()
}
