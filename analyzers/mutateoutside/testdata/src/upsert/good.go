package upsert

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/api"
	"fixtures/upsertlib"
)

// Good: only the name and namespace outside; the data inside.
func (r *Reconciler) configMapInside(ctx context.Context, owner *appsv1.Deployment) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: owner.Name + "-config", Namespace: owner.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error {
		cm.Data = map[string]string{"replicas": "3"}
		return controllerutil.SetControllerReference(owner, cm, r.Scheme())
	})
	return err
}

// Good: set outside, and set again inside.
func (r *Reconciler) deploymentBoth(ctx context.Context, owner *appsv1.Deployment, replicas int32) error {
	dep := &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Name: owner.Name, Namespace: owner.Namespace, Labels: map[string]string{"app": "worker"}},
	}
	_, err := controllerutil.CreateOrPatch(ctx, r.Client, dep, func() error {
		dep.Labels = map[string]string{"app": "worker"}
		dep.Spec.Replicas = &replicas
		return nil
	})
	return err
}

// Good: the desired object apart, copied in by the mutate function.
func (r *Reconciler) fromDesired(ctx context.Context, req ctrl.Request) error {
	desired := upsertlib.NewService(req.Name, req.Namespace)
	svc := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: desired.Name, Namespace: desired.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, svc, func() error {
		svc.Labels = desired.Labels
		svc.Spec.Ports = desired.Spec.Ports
		return nil
	})
	return err
}

// Good: the mutate function is a helper of the package given the object.
func (r *Reconciler) mutatedByHelper(ctx context.Context, req ctrl.Request) error {
	s := desiredSecret(req.Name, req.Namespace)
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, s, func() error {
		fill(s)
		return nil
	})
	return err
}

func fill(s *corev1.Secret) {
	s.StringData = map[string]string{"user": "admin"}
}

// Good: a mutate function the analysis cannot see into.
func (r *Reconciler) mutatedElsewhere(ctx context.Context, req ctrl.Request, f controllerutil.MutateFn) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name, Namespace: req.Namespace}}
	cm.Data = map[string]string{"a": "b"}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, f)
	return err
}

// Good: the helper that takes the mutate function (its caller's function
// sets the data).
func (r *Reconciler) viaHelperWith(ctx context.Context, req ctrl.Request) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name, Namespace: req.Namespace}}
	return upsertlib.EnsureWith(ctx, r.Client, cm, func() error {
		cm.Data = map[string]string{"a": "b"}
		return nil
	})
}

// Good: the helper given only a named object.
func (r *Reconciler) viaHelperNamed(ctx context.Context, owner *appsv1.Deployment) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: owner.Name, Namespace: owner.Namespace}}
	return r.ensure(ctx, owner, cm)
}

// Good: a field that cannot change once made (a binding's role) needs no
// update.
func (r *Reconciler) binding(ctx context.Context, owner *appsv1.Deployment) error {
	rb := &rbacv1.RoleBinding{ObjectMeta: metav1.ObjectMeta{Name: owner.Name, Namespace: owner.Namespace}}
	rb.RoleRef = rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "Role", Name: "reader"}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, rb, func() error {
		rb.Subjects = []rbacv1.Subject{{Kind: "ServiceAccount", Name: owner.Name, Namespace: owner.Namespace}}
		return nil
	})
	return err
}

// Good: the fields are set after the call, for the next step.
func (r *Reconciler) after(ctx context.Context, owner *appsv1.Deployment) (*corev1.ConfigMap, error) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: owner.Name, Namespace: owner.Namespace}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error {
		cm.Data = map[string]string{"a": "b"}
		return nil
	}); err != nil {
		return nil, err
	}
	cm.Labels = map[string]string{"seen": "yes"}
	return cm, nil
}

// Good: the spec of a Run cannot change once made (its CRD says so).
func (r *Reconciler) run(ctx context.Context, req ctrl.Request) error {
	run := &api.Run{ObjectMeta: metav1.ObjectMeta{Name: req.Name, Namespace: req.Namespace}, Spec: api.RunSpec{Image: "busybox"}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, run, func() error { return nil })
	return err
}

// Good: only where the Get found nothing: the call creates the object.
func (r *Reconciler) createdOnNotFound(ctx context.Context, req ctrl.Request) error {
	s := &corev1.Secret{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		if apierrors.IsNotFound(err) {
			s = desiredSecret(req.Name, req.Namespace)
			_, err = controllerutil.CreateOrUpdate(ctx, r.Client, s, func() error { return nil })
		}
		return err
	}
	return nil
}

// Good: the helper is called only where the Get found nothing (openyurt's
// initFramework): it creates the object, with what was set.
func (r *Reconciler) ensureFramework(ctx context.Context, req ctrl.Request) error {
	s := &corev1.Secret{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		if apierrors.IsNotFound(err) {
			return r.initFramework(ctx, req)
		}
		return err
	}
	return nil
}

func (r *Reconciler) initFramework(ctx context.Context, req ctrl.Request) error {
	s := desiredSecret(req.Name, req.Namespace)
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, s, func() error { return nil })
	return err
}
