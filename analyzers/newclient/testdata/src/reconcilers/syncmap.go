package reconcilers

import (
	"context"
	"sync"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Clients cached per target cluster in a sync.Map (oceanbase/ob-operator's
// clientcache): looked up with Load, built only when missing or stale,
// kept with Store.

type syncEntry struct {
	generation int64
	c          client.Client
}

var remoteClients sync.Map

func remoteClient(name string, generation int64) (client.Client, error) {
	if v, ok := remoteClients.Load(name); ok {
		e := v.(syncEntry)
		if e.generation >= generation {
			return e.c, nil
		}
	}
	c, err := client.New(nil, client.Options{})
	if err != nil {
		return nil, err
	}
	remoteClients.Store(name, syncEntry{generation: generation, c: c})
	return c, nil
}

type SyncMapReconciler struct{ client.Client }

func (r *SyncMapReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c, err := remoteClient(req.Name, 1)
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, c.Get(ctx, req.NamespacedName, nil)
}

// The twin: kept in the sync.Map but never looked up, so built on every
// reconcile.

var storedOnly sync.Map

func storedClient(name string) (client.Client, error) {
	c, err := client.New(nil, client.Options{}) // want `client.New builds a new API client each time a reconcile runs it`
	if err != nil {
		return nil, err
	}
	storedOnly.Store(name, c)
	return c, nil
}

type StoredOnlyReconciler struct{ client.Client }

func (r *StoredOnlyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c, err := storedClient(req.Name)
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, c.Get(ctx, req.NamespacedName, nil)
}
