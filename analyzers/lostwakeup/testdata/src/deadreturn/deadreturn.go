package deadreturn

import (
	"context"
	"reflect"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"
)

func newRule() *corev1.ConfigMap {
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "system", Name: "rules"}}
}

func desiredData() map[string]string { return map[string]string{"rule": "up"} }

func newDeployment(owner *appsv1.StatefulSet) *appsv1.Deployment {
	return &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Namespace: owner.Namespace, Name: owner.Name}}
}

// ---------------------------------------------------------------------
// operator-sdk's monitoring tutorial (memcached-operator): the Update's
// error is discarded, "if r.Update(ctx, rule); err != nil" tests the err of
// the Get, which is nil inside "if err == nil". The return cannot run:
// not reported (droppederr reports the discarded error).

type TypoReconciler struct {
	client.Client
}

func (r *TypoReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.StatefulSet{}).
		Owns(&appsv1.Deployment{}).
		Complete(r)
}

func (r *TypoReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := log.FromContext(ctx)
	rule := &corev1.ConfigMap{}
	err := r.Get(ctx, types.NamespacedName{Namespace: "system", Name: "rules"}, rule)
	if err != nil && apierrors.IsNotFound(err) {
		if err := r.Create(ctx, newRule()); err != nil {
			log.Error(err, "Failed to create the rule")
			return ctrl.Result{}, nil
		}
	}
	if err == nil {
		want := desiredData()
		if !reflect.DeepEqual(rule.Data, want) {
			rule.Data = want
			if r.Update(ctx, rule); err != nil {
				log.Error(err, "Failed to update the rule")
				return ctrl.Result{}, nil
			}
		}
	}
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, req.NamespacedName, sts); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(newDeployment(sts)), dep); apierrors.IsNotFound(err) {
		if err := r.Create(ctx, newDeployment(sts)); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// ---------------------------------------------------------------------
// Twin: the Update's own error is tested; its failing side is not a
// return after a successful write. Silent, as before.

type FixedReconciler struct {
	client.Client
}

func (r *FixedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.StatefulSet{}).
		Owns(&appsv1.Deployment{}).
		Complete(r)
}

func (r *FixedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := log.FromContext(ctx)
	rule := &corev1.ConfigMap{}
	err := r.Get(ctx, types.NamespacedName{Namespace: "system", Name: "rules"}, rule)
	if err != nil && apierrors.IsNotFound(err) {
		if err := r.Create(ctx, newRule()); err != nil {
			log.Error(err, "Failed to create the rule")
			return ctrl.Result{}, nil
		}
	}
	if err == nil {
		want := desiredData()
		if !reflect.DeepEqual(rule.Data, want) {
			rule.Data = want
			if err := r.Update(ctx, rule); err != nil {
				log.Error(err, "Failed to update the rule")
				return ctrl.Result{}, nil
			}
		}
	}
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, req.NamespacedName, sts); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(newDeployment(sts)), dep); apierrors.IsNotFound(err) {
		if err := r.Create(ctx, newDeployment(sts)); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// ---------------------------------------------------------------------
// Twin: the same discarded error, but the enclosing test does not decide
// err (a Get that failed otherwise than NotFound gets there): the return
// may run, reported.

type LiveReconciler struct {
	client.Client
}

func (r *LiveReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.StatefulSet{}).
		Owns(&appsv1.Deployment{}).
		Complete(r)
}

func (r *LiveReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := log.FromContext(ctx)
	rule := &corev1.ConfigMap{}
	err := r.Get(ctx, types.NamespacedName{Namespace: "system", Name: "rules"}, rule)
	if err != nil && apierrors.IsNotFound(err) {
		if err := r.Create(ctx, newRule()); err != nil {
			log.Error(err, "Failed to create the rule")
			return ctrl.Result{}, nil
		}
	}
	if !apierrors.IsNotFound(err) {
		want := desiredData()
		if !reflect.DeepEqual(rule.Data, want) {
			rule.Data = want
			if r.Update(ctx, rule); err != nil {
				log.Error(err, "Failed to update the rule")
				return ctrl.Result{}, nil // want `Reconcile returns without requeue right after updating a v1.ConfigMap, a type this controller does not watch: no event will wake it up, so the remaining steps \(creating a v1.Deployment\)`
			}
		}
	}
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, req.NamespacedName, sts); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(newDeployment(sts)), dep); apierrors.IsNotFound(err) {
		if err := r.Create(ctx, newDeployment(sts)); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}
