package upsert

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/upsertlib"
)

type Reconciler struct {
	client.Client
}

// Bad: the data is set before CreateOrUpdate, which reads the live
// ConfigMap into cm first: an existing ConfigMap keeps its old data.
func (r *Reconciler) configMap(ctx context.Context, owner *appsv1.Deployment) error {
	cm := &corev1.ConfigMap{}
	cm.Name = owner.Name + "-config"
	cm.Namespace = owner.Namespace
	cm.Data = map[string]string{"replicas": "3"}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error { // want `CreateOrUpdate reads the live ConfigMap into cm before it calls the mutate function, which does not set .Data again: an existing ConfigMap is never updated with the .Data set before the call; set it inside the mutate function`
		return controllerutil.SetControllerReference(owner, cm, r.Scheme())
	})
	return err
}

// Bad: a literal with its spec and labels; the mutate function only sets
// the owner.
func (r *Reconciler) deployment(ctx context.Context, owner *appsv1.Deployment, replicas int32) error {
	dep := &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{
			Name:      owner.Name + "-worker",
			Namespace: owner.Namespace,
			Labels:    map[string]string{"app": "worker"},
		},
		Spec: appsv1.DeploymentSpec{Replicas: &replicas},
	}
	_, err := controllerutil.CreateOrPatch(ctx, r.Client, dep, func() error { // want `CreateOrPatch reads the live Deployment into dep before it calls the mutate function, which does not set .Labels and .Spec again`
		return controllerutil.SetControllerReference(owner, dep, r.Scheme())
	})
	return err
}

// Bad: the desired state comes from a constructor of this package.
func (r *Reconciler) secret(ctx context.Context, req ctrl.Request) error {
	s := desiredSecret(req.Name, req.Namespace)
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, s, func() error { return nil }) // want `CreateOrUpdate reads the live Secret into s before it calls the mutate function, which does not set .StringData again`
	return err
}

func desiredSecret(name, ns string) *corev1.Secret {
	return &corev1.Secret{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns},
		Type:       corev1.SecretTypeOpaque,
		StringData: map[string]string{"user": "admin"},
	}
}

// Bad: the constructor of another package (its fact).
func (r *Reconciler) service(ctx context.Context, req ctrl.Request) error {
	svc := upsertlib.NewService(req.Name, req.Namespace)
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, svc, func() error { // want `CreateOrUpdate reads the live Service into svc before it calls the mutate function, which does not set .Labels and .Spec again`
		svc.Annotations = map[string]string{"owner": req.Name}
		return nil
	})
	return err
}

// Bad: the upsert helper of this package, which never sets the desired
// state.
func (r *Reconciler) viaHelper(ctx context.Context, owner *appsv1.Deployment) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: owner.Name, Namespace: owner.Namespace}}
	cm.Data = map[string]string{"a": "b"}
	return r.ensure(ctx, owner, cm) // want `ensure hands cm to CreateOrUpdate, which reads the live ConfigMap into it before the mutate function, which does not set .Data again`
}

func (r *Reconciler) ensure(ctx context.Context, owner *appsv1.Deployment, obj client.Object) error {
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, obj, func() error {
		return controllerutil.SetOwnerReference(owner, obj, r.Scheme())
	})
	return err
}

// Bad: the upsert helper of another package.
func (r *Reconciler) viaOtherPackage(ctx context.Context, req ctrl.Request) error {
	svc := upsertlib.NewService(req.Name, req.Namespace)
	return upsertlib.Ensure(ctx, r.Client, svc) // want `upsertlib.Ensure hands svc to CreateOrUpdate, which reads the live Service into it before the mutate function, which does not set .Labels and .Spec again`
}

// Bad: labels and data set one by one, the call in an if statement.
func (r *Reconciler) settings(ctx context.Context, owner *appsv1.Deployment) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: owner.Name + "-settings", Namespace: owner.Namespace}}
	cm.Labels = map[string]string{
		"app": owner.Name,
	}
	cm.Data = map[string]string{"level": "debug"}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error { // want `CreateOrUpdate reads the live ConfigMap into cm before it calls the mutate function, which does not set .Data and .Labels again`
		return nil
	}); err != nil {
		return err
	}
	return nil
}

// Bad, with no fix: the data is read before the call, so moving its
// assignment would change what is read.
func (r *Reconciler) hashed(ctx context.Context, owner *appsv1.Deployment) (int, error) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: owner.Name, Namespace: owner.Namespace}}
	cm.Data = map[string]string{"level": "debug"}
	size := len(cm.Data)
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error { return nil }) // want `CreateOrUpdate reads the live ConfigMap into cm before it calls the mutate function, which does not set .Data again`
	return size, err
}

// Bad: the same helper shape, also called where nothing was read: an
// existing Secret is never updated with its StringData.
func (r *Reconciler) refreshFramework(ctx context.Context, req ctrl.Request) error {
	s := &corev1.Secret{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		if apierrors.IsNotFound(err) {
			return r.writeFramework(ctx, req)
		}
		return err
	}
	return r.writeFramework(ctx, req)
}

func (r *Reconciler) writeFramework(ctx context.Context, req ctrl.Request) error {
	s := desiredSecret(req.Name, req.Namespace)
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, s, func() error { return nil }) // want `CreateOrUpdate reads the live Secret into s before it calls the mutate function, which does not set .StringData again`
	return err
}
