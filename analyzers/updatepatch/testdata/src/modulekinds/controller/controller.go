// Package controller has two controllers of the module: the Cluster's and
// the Backup's. The Backup's updates the whole Cluster, which the
// Cluster's controller writes too.
package controller

import (
	"context"

	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/modulekinds/api"
)

type ClusterReconciler struct {
	client.Client
}

func (r *ClusterReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Cluster{}).
		Owns(&api.Profile{}).
		Complete(r)
}

// Not reported: the controller's own object.
func (r *ClusterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cluster := &api.Cluster{}
	if err := r.Get(ctx, req.NamespacedName, cluster); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cluster.Labels = map[string]string{"example.com/seen": "true"}
	if err := r.Update(ctx, cluster); err != nil {
		return ctrl.Result{}, err
	}
	profile := &api.Profile{}
	profile.Namespace, profile.Name = cluster.Namespace, cluster.Name
	if err := controllerutil.SetControllerReference(cluster, profile, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, profile))
}

// Not reported: a Profile has no status and no controller; the operator
// creates Profiles with a controller reference, nothing else writes them.
func (r *ClusterReconciler) resize(ctx context.Context, key types.NamespacedName) error {
	profile := &api.Profile{}
	if err := r.Get(ctx, key, profile); err != nil {
		return err
	}
	profile.Spec.Size = 3
	return r.Update(ctx, profile)
}

type BackupReconciler struct {
	client.Client
}

func (r *BackupReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Backup{}).
		Complete(r)
}

func (r *BackupReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	backup := &api.Backup{}
	if err := r.Get(ctx, req.NamespacedName, backup); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// Not reported: the Backup is this controller's own object.
	backup.Labels = map[string]string{"example.com/cluster": backup.Name}
	if err := r.Update(ctx, backup); err != nil {
		return ctrl.Result{}, err
	}
	cluster := &api.Cluster{}
	if err := r.Get(ctx, req.NamespacedName, cluster); err != nil {
		return ctrl.Result{}, err
	}
	cluster.Annotations = map[string]string{"example.com/backup": backup.Name}
	if err := r.Update(ctx, cluster); err != nil { // want `Update writes the whole api.Cluster, which the ClusterReconciler controller \(For api.Cluster\) also writes`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Reported: a Tenant has a status, written by its controller, which is
// not in this package.
func (r *BackupReconciler) tag(ctx context.Context, key types.NamespacedName) error {
	tenant := &api.Tenant{}
	if err := r.Get(ctx, key, tenant); err != nil {
		return err
	}
	tenant.Labels = map[string]string{"example.com/backed-up": "true"}
	return r.Update(ctx, tenant) // want `Update writes the whole api.Tenant, whose status its controller also writes`
}
