package reconcilers

import (
	"context"
	"sync"
	"time"

	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// CacheReconciler connects to each cluster once, as cluster-api's
// ClusterCache does: a connection is built only when the accessor finds
// itself not connected, and kept on the accessor.
type CacheReconciler struct {
	mu        sync.Mutex
	accessors map[string]*accessor
}

type accessor struct {
	config *rest.Config
	mu     sync.RWMutex
	state  accessorState
}

type accessorState struct{ conn *connection }

type connection struct {
	client client.Client
	since  time.Time
}

func (r *CacheReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	r.mu.Lock()
	a := r.accessors[req.String()]
	r.mu.Unlock()
	if a == nil {
		return ctrl.Result{}, nil
	}
	if err := a.connect(ctx); err != nil {
		return ctrl.Result{}, err
	}
	// Twin: rebuilt on every reconcile, whatever the accessor holds.
	return ctrl.Result{}, a.reconnect()
}

func (r *CacheReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).Named("cache").Complete(r)
}

func (a *accessor) connected() bool {
	a.mu.RLock()
	defer a.mu.RUnlock()
	return a.state.conn != nil
}

func (a *accessor) connect(ctx context.Context) error {
	if a.connected() {
		return nil
	}
	conn, err := a.newConnection()
	if err != nil {
		return err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.state.conn = &connection{client: conn.client, since: conn.since}
	return nil
}

func (a *accessor) reconnect() error {
	conn, err := a.newConnection2()
	if err != nil {
		return err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.state.conn = conn
	return nil
}

func (a *accessor) newConnection() (*connection, error) {
	c, err := a.newClient()
	if err != nil {
		return nil, err
	}
	if a.config.Host == "" {
		// Another client on another path: a phi holds either.
		if c, err = client.New(rest.CopyConfig(a.config), client.Options{}); err != nil {
			return nil, err
		}
	}
	return &connection{client: withTimeout(c), since: time.Now()}, nil
}

func (a *accessor) newConnection2() (*connection, error) {
	c, err := client.New(a.config, client.Options{}) // want `client.New builds a new API client`
	if err != nil {
		return nil, err
	}
	return &connection{client: withTimeout(c), since: time.Now()}, nil
}

// withTimeout wraps the client.
func withTimeout(c client.Client) client.Client { return c }

// newClient has a defer: its results go through result slots.
func (a *accessor) newClient() (client.Client, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_ = ctx
	c, err := client.New(a.config, client.Options{})
	if err != nil {
		return nil, err
	}
	return c, nil
}
