// Package shutdown: code that runs when the operator shuts down, which no
// reconcile runs, has no next event to retry what it leaves.
package shutdown

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
)

const finalizer = "example.com/cleanup"

type Reconciler struct{ client.Client }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.cleanupOnShutdown(ctx, &cm); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.sweep(ctx, &cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Not reported: openyurt's DeleteDevicesOnControllerShutdown, which its
// main package calls from a signal handler. It takes the finalizers off
// and deletes what is left, logging the failures: no reconcile comes
// after it.
func DeleteConfigMapsOnControllerShutdown(ctx context.Context, cli client.Client, ns string) error {
	var list corev1.ConfigMapList
	if err := cli.List(ctx, &list, client.InNamespace(ns)); err != nil {
		return err
	}
	log := logf.FromContext(ctx)
	for _, cm := range list.Items {
		controllerutil.RemoveFinalizer(&cm, finalizer)
		if err := cli.Update(ctx, &cm); err != nil {
			log.Error(err, "removing the finalizer", "name", cm.Name)
			continue
		}
		if err := cli.Delete(ctx, &cm); err != nil {
			log.Error(err, "deleting", "name", cm.Name)
			continue
		}
	}
	if err := purgeSecrets(ctx, cli, ns); err != nil {
		return err
	}
	_ = cli.DeleteAllOf(ctx, &corev1.Secret{}, client.InNamespace(ns))
	return nil
}

// Not reported either: a helper only the shutdown code calls.
func purgeSecrets(ctx context.Context, cli client.Client, ns string) error {
	s := &corev1.Secret{}
	s.Namespace, s.Name = ns, "state"
	if err := cli.Delete(ctx, s); err != nil {
		logf.FromContext(ctx).Error(err, "deleting the state")
	}
	return nil
}

// Twins, reported.

// The same loop in a function whose name says nothing of a shutdown.
func DeleteConfigMaps(ctx context.Context, cli client.Client, ns string) error {
	var list corev1.ConfigMapList
	if err := cli.List(ctx, &list, client.InNamespace(ns)); err != nil {
		return err
	}
	for _, cm := range list.Items {
		if err := cli.Delete(ctx, &cm); err != nil {
			logf.FromContext(ctx).Error(err, "deleting", "name", cm.Name) // want `the error of Delete is only logged, then DeleteConfigMaps returns success to its callers, which are in other packages: none of them sees the failure`
			continue
		}
	}
	return nil
}

// A name that only mentions a shutdown: a step a reconcile may take.
func ShutdownConfigMap(ctx context.Context, cli client.Client, cm *corev1.ConfigMap) error {
	cm.Data = map[string]string{"state": "down"}
	if err := cli.Update(ctx, cm); err != nil {
		logf.FromContext(ctx).Error(err, "shutting down") // want `the error of Update is only logged, then ShutdownConfigMap returns success`
	}
	return nil
}

// Named for the shutdown, but a reconcile runs it.
func (r *Reconciler) cleanupOnShutdown(ctx context.Context, cm *corev1.ConfigMap) error {
	cm.Labels = map[string]string{"state": "down"}
	if err := r.Update(ctx, cm); err != nil {
		logf.FromContext(ctx).Error(err, "labelling") // want `the error of Update is only logged, then cleanupOnShutdown returns success`
	}
	return nil
}

// A helper the shutdown code and a reconcile both run.
func (r *Reconciler) sweep(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Delete(ctx, cm); err != nil {
		logf.FromContext(ctx).Error(err, "sweeping") // want `the error of Delete is only logged, then sweep returns success`
	}
	return nil
}

func (r *Reconciler) SweepOnShutdown(ctx context.Context, cm *corev1.ConfigMap) error {
	return r.sweep(ctx, cm)
}

// At shutdown too, a finalizer removed after a failed Delete leaks what
// the Delete was to remove.
func FinalizeOnShutdown(ctx context.Context, cli client.Client, cm *corev1.ConfigMap) error {
	data := &corev1.Secret{}
	data.Namespace, data.Name = cm.Namespace, cm.Name+"-data"
	if err := cli.Delete(ctx, data); err != nil {
		logf.FromContext(ctx).Error(err, "deleting the data") // want `the error of Delete is only logged, then finalizer "example.com/cleanup" is removed: a transient error leaks the objects this cleanup should delete; return the error`
	}
	controllerutil.RemoveFinalizer(cm, finalizer)
	return cli.Update(ctx, cm)
}
