package immutablefield

import (
	"context"
	"fmt"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/specfill"
)

// GoodReconciler is BadReconciler's twin without the bug: the check must
// stay silent on it.
type GoodReconciler struct {
	client.Client
	Size    resource.Quantity
	Image   string
	Version string
	IP      string
}

// Reconcile sets only what a StatefulSet update may change: replicas and
// the pod template.
func (r *GoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, req.NamespacedName, sts); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	sts.Spec.Replicas = ptr(3)
	sts.Spec.Template.Spec.Containers[0].Image = r.Image
	return ctrl.Result{}, r.Update(ctx, sts)
}

// keepSelector copies the selector back from the object read again.
func (r *GoodReconciler) keepSelector(ctx context.Context, key client.ObjectKey) error {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, key, sts); err != nil {
		return err
	}
	existing := &appsv1.StatefulSet{}
	if err := r.Get(ctx, key, existing); err != nil {
		return err
	}
	sts.Spec.Selector = existing.Spec.Selector
	return r.Update(ctx, sts)
}

// upsert sets the selector only when the StatefulSet is created.
func (r *GoodReconciler) upsert(ctx context.Context, key client.ObjectKey) error {
	sts := &appsv1.StatefulSet{}
	sts.Name, sts.Namespace = key.Name, key.Namespace
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, sts, func() error {
		if sts.CreationTimestamp.IsZero() {
			sts.Spec.Selector = &metav1.LabelSelector{MatchLabels: map[string]string{"app": key.Name, "version": r.Version}}
		}
		sts.Spec.Replicas = ptr(3)
		return nil
	})
	return err
}

// viaHelper fills the claims only when the read says NotFound, and
// creates the StatefulSet; the helpers it calls on the live one are safe.
func (r *GoodReconciler) viaHelper(ctx context.Context, key client.ObjectKey) error {
	sts := &appsv1.StatefulSet{}
	err := r.Get(ctx, key, sts)
	if apierrors.IsNotFound(err) {
		sts.Name, sts.Namespace = key.Name, key.Namespace
		specfill.FillStorage(sts, r.Size)
		return r.Create(ctx, sts)
	}
	if err != nil {
		return err
	}
	specfill.FillStorageOnCreate(sts, r.Size)
	specfill.FillReplicas(sts, 3)
	return r.Update(ctx, sts)
}

// clusterIP sets the address only on a Service not created yet, and the
// headless constant, the same on every reconcile, in a mutate function.
func (r *GoodReconciler) clusterIP(ctx context.Context, key client.ObjectKey) error {
	svc := &corev1.Service{}
	if err := r.Get(ctx, key, svc); client.IgnoreNotFound(err) != nil {
		return err
	}
	if svc.ResourceVersion == "" {
		svc.Spec.ClusterIP = r.IP
		return r.Create(ctx, svc)
	}
	headless := &corev1.Service{}
	headless.Name, headless.Namespace = key.Name+"-headless", key.Namespace
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, headless, func() error {
		headless.Spec.ClusterIP = corev1.ClusterIPNone
		return nil
	})
	return err
}

// jobImage builds a Job and creates it: nothing is updated.
func (r *GoodReconciler) jobImage(ctx context.Context, key client.ObjectKey) error {
	job := &batchv1.Job{}
	job.Name, job.Namespace = key.Name, key.Namespace
	job.Spec.Template.Spec.Containers = []corev1.Container{{Name: "run", Image: r.Image}}
	return r.Create(ctx, job)
}

// templatePatch sends only a template change in a merge patch.
func (r *GoodReconciler) templatePatch(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	base := dep.DeepCopy()
	dep.Spec.Template.Labels = map[string]string{"version": r.Version}
	return r.Patch(ctx, dep, client.MergeFrom(base))
}

// wholeSpec copies a desired spec over the live one, its frozen fields
// first taken from the live object, then the selector given back.
func (r *GoodReconciler) wholeSpec(ctx context.Context, key client.ObjectKey, desired *appsv1.StatefulSet) error {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, key, sts); err != nil {
		return err
	}
	desired.Spec.VolumeClaimTemplates = sts.Spec.VolumeClaimTemplates
	desired.Spec.ServiceName = sts.Spec.ServiceName
	desired.Spec.PodManagementPolicy = sts.Spec.PodManagementPolicy
	old := sts.DeepCopy()
	sts.Spec = desired.Spec
	sts.Spec.Selector = old.Spec.Selector
	return r.Update(ctx, sts)
}

// desiredClusterIP copies the clusterIP of a Service built here, empty
// unless the user asked for one: the API server keeps the allocated one
// for an empty value.
func (r *GoodReconciler) desiredClusterIP(ctx context.Context, key client.ObjectKey, desired *corev1.Service) error {
	svc := &corev1.Service{}
	if err := r.Get(ctx, key, svc); err != nil {
		return err
	}
	svc.Spec.Ports = desired.Spec.Ports
	svc.Spec.ClusterIP = desired.Spec.ClusterIP
	return r.Update(ctx, svc)
}

// upsertService sets the address only while the Service has no
// resourceVersion: not created yet.
func (r *GoodReconciler) upsertService(ctx context.Context, key client.ObjectKey) error {
	svc := &corev1.Service{}
	svc.Name, svc.Namespace = key.Name, key.Namespace
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, svc, func() error {
		if svc.GetResourceVersion() == "" {
			svc.Spec.ClusterIP = r.IP
		}
		return nil
	})
	return err
}

// localHelper sets only the template in a helper of this package.
func (r *GoodReconciler) localHelper(ctx context.Context, key client.ObjectKey) error {
	ds := &appsv1.DaemonSet{}
	if err := r.Get(ctx, key, ds); err != nil {
		return err
	}
	r.labelVersion(ds)
	return r.Update(ctx, ds)
}

func (r *GoodReconciler) labelVersion(ds *appsv1.DaemonSet) {
	ds.Spec.Template.Labels = map[string]string{"version": r.Version}
}

// bindRole names the role only when it creates the binding; the
// subjects may change on every reconcile.
func (r *GoodReconciler) bindRole(ctx context.Context, key client.ObjectKey) error {
	rb := &rbacv1.RoleBinding{ObjectMeta: metav1.ObjectMeta{Name: key.Name, Namespace: key.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, rb, func() error {
		if rb.CreationTimestamp.IsZero() {
			rb.RoleRef = rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "Role", Name: key.Name}
		}
		rb.Subjects = []rbacv1.Subject{{Kind: rbacv1.ServiceAccountKind, Name: key.Name, Namespace: key.Namespace}}
		return nil
	})
	return err
}

// recreateOnSelectorChange recreates the Deployment when its selector
// differs from the one wanted, and copies the whole spec only when they
// are equal (LLMKube's fix of "field is immutable"): silent.
func (r *GoodReconciler) recreateOnSelectorChange(ctx context.Context, key client.ObjectKey, desired *appsv1.Deployment) error {
	existing := &appsv1.Deployment{}
	if err := r.Get(ctx, key, existing); err != nil {
		return err
	}
	if !equality.Semantic.DeepEqual(existing.Spec.Selector, desired.Spec.Selector) {
		if err := r.Delete(ctx, existing); err != nil {
			return err
		}
		return r.Create(ctx, desired)
	}
	existing.Spec = desired.Spec
	return r.Update(ctx, existing)
}

// korifi's upsi binding: the caller answers the refusal (IsInvalid) by
// deleting the Secret, which the next reconcile creates with its new
// type: the update is not refused on every reconcile.
func (r *GoodReconciler) mountSecret(ctx context.Context, key client.ObjectKey, typ corev1.SecretType) error {
	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: key.Name, Namespace: key.Namespace}}
	var err error
	_, err = controllerutil.CreateOrPatch(ctx, r.Client, secret, func() error {
		// err is the closure's too, as in korifi: it lives in memory.
		secret.Type, err = secretType(typ)
		return err
	})
	if err != nil {
		return fmt.Errorf("binding secret: %w", err)
	}
	return nil
}

func secretType(t corev1.SecretType) (corev1.SecretType, error) {
	if t == "" {
		return "", fmt.Errorf("no type")
	}
	return t, nil
}

func (r *GoodReconciler) bind(ctx context.Context, key client.ObjectKey) (ctrl.Result, error) {
	if err := r.mountSecret(ctx, key, corev1.SecretTypeOpaque); err != nil {
		if apierrors.IsInvalid(err) {
			err = r.Delete(ctx, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: key.Name, Namespace: key.Namespace}})
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
