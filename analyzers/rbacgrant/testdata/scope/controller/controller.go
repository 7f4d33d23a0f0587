package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/util"
)

// +kubebuilder:rbac:groups=core,resources=configmaps,verbs=get;list;watch
// +kubebuilder:rbac:groups=core,resources=secrets,verbs=get;list;watch
// +kubebuilder:rbac:groups=core,resources=namespaces,verbs=list

// ClusterReconciler runs a control plane in the management cluster, or in
// a remote host cluster when the ConfigMap names one (k0smotron's
// kmcScope).
type ClusterReconciler struct {
	client.Client
}

// clusterScope is the cluster the control plane runs in: its client is
// the manager's, replaced by a client of the remote host cluster.
type clusterScope struct {
	client client.Client
}

func (r *ClusterReconciler) scope(ctx context.Context, cm *corev1.ConfigMap) (*clusterScope, error) {
	s := &clusterScope{client: r.Client}
	if host := cm.Data["remoteHost"]; host != "" {
		c, err := util.HostClient(ctx, r.Client, client.ObjectKey{Namespace: cm.Namespace, Name: host})
		if err != nil {
			return nil, err
		}
		s.client = c
	}
	return s, nil
}

// Reconcile ensures the namespace only under the condition that put the
// remote host's client in the scope: the manager's role needs no
// namespace grant, and the field's two origins leave it open. Not
// reported, though no marker grants namespaces' get, watch or create.
func (r *ClusterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s, err := r.scope(ctx, cm)
	if err != nil {
		return ctrl.Result{}, err
	}
	if cm.Data["remoteHost"] != "" {
		if err := util.EnsureNamespace(ctx, s.client, cm.Namespace); err != nil {
			return ctrl.Result{}, err
		}
	}
	// A scope of the management cluster made here and kept here: its
	// client is followed exactly, the manager's, and the PersistentVolume
	// it creates is charged to the role.
	local := &clusterScope{client: r.Client}
	pv := &corev1.PersistentVolume{}
	pv.Name = cm.Name
	return ctrl.Result{}, local.client.Create(ctx, pv)
}

func (r *ClusterReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

// NodeReconciler's scope only ever holds the manager's client: the Node it
// reads is charged to the role.
type NodeReconciler struct {
	client.Client
}

type nodeScope struct {
	client client.Client
}

func (r *NodeReconciler) scope() *nodeScope {
	return &nodeScope{client: r.Client}
}

func (r *NodeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := r.scope()
	node := &corev1.Node{}
	return ctrl.Result{}, client.IgnoreNotFound(s.client.Get(ctx, client.ObjectKey{Name: req.Name}, node))
}

func (r *NodeReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).Named("node").For(&corev1.ConfigMap{}).Complete(r)
}
