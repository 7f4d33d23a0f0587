// Package scope holds a reconciler whose scope's client field is given
// the manager's client and, on a condition, a client of a remote host
// cluster (k0smotron's kmcScope): the requests through that field are
// open, neither the manager's nor another client's, and left out of the
// facts. A field only given the manager's client, and a scope made and
// read in one function, are followed.
package scope

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct { // want Reconciler:`^wiring\(Get\(ConfigMap\) Get\(Namespace\) Get\(Node\) Create\(PersistentVolume\) request\(configmaps:get\) request\(nodes:get\) request\(persistentvolumes:create\)\)$`
	client.Client
	Host *rest.Config
}

type hostScope struct {
	client client.Client
}

type plainScope struct {
	client client.Client
}

func (r *Reconciler) scope(cm *corev1.ConfigMap) (*hostScope, error) {
	s := &hostScope{client: r.Client}
	if cm.Data["host"] != "" {
		c, err := client.New(r.Host, client.Options{})
		if err != nil {
			return nil, err
		}
		s.client = c
	}
	return s, nil
}

func (r *Reconciler) plain() *plainScope {
	return &plainScope{client: r.Client}
}

// done resets the field: a nil is no second origin of a client.
func (s *plainScope) done() {
	s.client = nil
}

// Reconcile gets a Namespace through the open field, a Node through the
// field only given the manager's client, and creates a PersistentVolume
// through a scope it makes and keeps.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`^wiring\(clientUse\(Create PersistentVolume, read ConfigMap, read Namespace, read Node\)\)$`
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, err
	}
	s, err := r.scope(cm)
	if err != nil {
		return ctrl.Result{}, err
	}
	if cm.Data["host"] != "" {
		if err := s.client.Get(ctx, client.ObjectKey{Name: cm.Namespace}, &corev1.Namespace{}); err != nil {
			return ctrl.Result{}, err
		}
	}
	p := r.plain()
	defer p.done()
	if err := p.client.Get(ctx, client.ObjectKey{Name: req.Name}, &corev1.Node{}); err != nil {
		return ctrl.Result{}, err
	}
	local := &hostScope{client: r.Client}
	return ctrl.Result{}, local.client.Create(ctx, &corev1.PersistentVolume{})
}
