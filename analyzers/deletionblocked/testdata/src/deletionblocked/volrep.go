package deletionblocked

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// As csi-addons/volume-replication-operator spelled it: a value-receiver
// helper reads the PVC the object names (in the request's namespace),
// logs its NotFound and returns it anyway; the finalizer is added and
// removed by stores to Finalizers.
type VolRepReconciler struct{ client.Client }

func (r *VolRepReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	key := types.NamespacedName{Name: app.Data["pvc"], Namespace: req.Namespace}
	_, pv, err := r.pvcSource(ctx, key)
	if err != nil {
		return ctrl.Result{}, err // want `passes on the NotFound error of the lookup of pvcSource \(line 28\) before the deletion branch \(line 33\): .* its finalizer is never removed \(line 42\)`
	}
	handle := pv.Spec.CSI.VolumeHandle
	if app.GetDeletionTimestamp().IsZero() {
		if !containsString(app.GetFinalizers(), fin) {
			app.ObjectMeta.Finalizers = append(app.ObjectMeta.Finalizers, fin)
			if err := r.Update(ctx, app); err != nil {
				return ctrl.Result{}, err
			}
		}
	} else if containsString(app.GetFinalizers(), fin) {
		_ = handle
		app.ObjectMeta.Finalizers = removeString(app.ObjectMeta.Finalizers, fin)
		if err := r.Update(ctx, app); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// The twin, as the project fixed it: a terminating object goes on to
// its deletion branch when the PVC is gone.
type VolRepFixedReconciler struct{ VolRepReconciler }

func (r *VolRepFixedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	key := types.NamespacedName{Name: app.Data["pvc"], Namespace: req.Namespace}
	_, pv, pvErr := r.pvcSource(ctx, key)
	if pvErr != nil {
		if app.GetDeletionTimestamp().IsZero() || !apierrors.IsNotFound(pvErr) {
			return ctrl.Result{}, pvErr
		}
	}
	handle := ""
	if pv != nil {
		handle = pv.Spec.CSI.VolumeHandle
	}
	if app.GetDeletionTimestamp().IsZero() {
		if !containsString(app.GetFinalizers(), fin) {
			app.ObjectMeta.Finalizers = append(app.ObjectMeta.Finalizers, fin)
			if err := r.Update(ctx, app); err != nil {
				return ctrl.Result{}, err
			}
		}
	} else if containsString(app.GetFinalizers(), fin) {
		_ = handle
		app.ObjectMeta.Finalizers = removeString(app.ObjectMeta.Finalizers, fin)
		if err := r.Update(ctx, app); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

func (r VolRepReconciler) pvcSource(ctx context.Context, key types.NamespacedName) (*corev1.PersistentVolumeClaim, *corev1.PersistentVolume, error) {
	pvc := &corev1.PersistentVolumeClaim{}
	err := r.Get(ctx, key, pvc)
	if err != nil {
		if apierrors.IsNotFound(err) {
			println("PVC not found", key.Name)
		}
		return nil, nil, err
	}
	pv := &corev1.PersistentVolume{}
	if err := r.Get(ctx, types.NamespacedName{Name: pvc.Spec.VolumeName}, pv); err != nil {
		return pvc, nil, err
	}
	return pvc, pv, nil
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func removeString(list []string, s string) (out []string) {
	for _, x := range list {
		if x != s {
			out = append(out, x)
		}
	}
	return
}
