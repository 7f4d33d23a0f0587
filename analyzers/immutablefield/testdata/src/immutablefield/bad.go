// Package immutablefield holds the fixtures of the immutablefield check: bad.go the code it
// reports, each finding marked by a want comment on its line matching its
// message (see docs/adding-a-check.md), good.go the twins it must leave
// alone.
package immutablefield

import (
	"context"
	"fmt"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/specfill"
)

// BadReconciler writes fields the API server refuses to change into
// objects it read from the server.
type BadReconciler struct {
	client.Client
	Size    resource.Quantity
	Image   string
	Version string
	IP      string
}

// Reconcile resizes the claims of the live StatefulSet: refused once the
// size changes.
func (r *BadReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, req.NamespacedName, sts); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	sts.Spec.VolumeClaimTemplates = []corev1.PersistentVolumeClaim{claim(r.Size)} // want `sets the StatefulSet's spec.volumeClaimTemplates on an object read from the server: when the value set differs from the stored one, the API server refuses the update \("Forbidden: updates to statefulset spec for fields other than ..."\), on every reconcile until they agree; set it only when creating the object \(CreationTimestamp zero\), or delete and recreate the StatefulSet to change it`
	return ctrl.Result{}, r.Update(ctx, sts)
}

// wholeSpec copies a desired spec over the live one.
func (r *BadReconciler) wholeSpec(ctx context.Context, key client.ObjectKey, desired *appsv1.StatefulSet) error {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, key, sts); err != nil {
		return err
	}
	sts.Spec = desired.Spec // want `sets the StatefulSet's spec, with its spec.selector, spec.volumeClaimTemplates, spec.serviceName and spec.podManagementPolicy on an object read from the server`
	return r.Update(ctx, sts)
}

// upsert sets the selector in the mutate function, which is given the
// live StatefulSet when it exists.
func (r *BadReconciler) upsert(ctx context.Context, key client.ObjectKey) error {
	sts := &appsv1.StatefulSet{}
	sts.Name, sts.Namespace = key.Name, key.Namespace
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, sts, func() error {
		sts.Spec.Selector = &metav1.LabelSelector{MatchLabels: map[string]string{"app": key.Name, "version": r.Version}} // want `sets the StatefulSet's spec.selector on the live object CreateOrUpdate gives its mutate function`
		sts.Spec.Replicas = ptr(3)
		return nil
	})
	return err
}

// viaHelper fills the spec in a helper of another package.
func (r *BadReconciler) viaHelper(ctx context.Context, key client.ObjectKey) error {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, key, sts); err != nil {
		return err
	}
	specfill.FillStorage(sts, r.Size) // want `specfill.FillStorage sets the StatefulSet's spec.volumeClaimTemplates on an object read from the server`
	return r.Update(ctx, sts)
}

// clusterIP sets the Service's address from the user's spec.
func (r *BadReconciler) clusterIP(ctx context.Context, key client.ObjectKey) error {
	svc := &corev1.Service{}
	if err := r.Get(ctx, key, svc); err != nil {
		return err
	}
	svc.Spec.ClusterIP = r.IP // want `sets the Service's spec.clusterIP on an object read from the server: when the value set differs from the stored one, the API server refuses the update \("field is immutable"\)`
	return r.Update(ctx, svc)
}

// jobImage changes the image of an existing Job.
func (r *BadReconciler) jobImage(ctx context.Context, key client.ObjectKey) error {
	job := &batchv1.Job{}
	if err := r.Get(ctx, key, job); err != nil {
		return err
	}
	job.Spec.Template.Spec.Containers[0].Image = r.Image // want `sets the Job's spec.template on an object read from the server: when the value set differs from the stored one, the API server refuses the update \("field is immutable"; only a suspended Job that never started may change its pod's scheduling fields\)`
	return r.Update(ctx, job)
}

// selectorPatch sends a new selector in a merge patch.
func (r *BadReconciler) selectorPatch(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	base := dep.DeepCopy()
	dep.Spec.Selector = &metav1.LabelSelector{MatchLabels: map[string]string{"version": r.Version}} // want `sets the Deployment's spec.selector on an object read from the server`
	return r.Patch(ctx, dep, client.MergeFrom(base))
}

func claim(size resource.Quantity) corev1.PersistentVolumeClaim {
	pvc := corev1.PersistentVolumeClaim{}
	pvc.Name = "data"
	pvc.Spec.Resources.Requests = corev1.ResourceList{corev1.ResourceStorage: size}
	return pvc
}

func ptr(n int32) *int32 { return &n }

// partlyRestored gives the selector back but not the claims.
func (r *BadReconciler) partlyRestored(ctx context.Context, key client.ObjectKey, desired *appsv1.StatefulSet) error {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, key, sts); err != nil {
		return err
	}
	desired.Spec.Selector = sts.Spec.Selector
	sts.Spec = desired.Spec // want `sets the StatefulSet's spec, with its spec.volumeClaimTemplates, spec.serviceName and spec.podManagementPolicy on`
	return r.Update(ctx, sts)
}

// jobTemplate replaces the pod template in a mutate function reached
// through ctrl.CreateOrUpdate.
func (r *BadReconciler) jobTemplate(ctx context.Context, key client.ObjectKey) error {
	job := &batchv1.Job{}
	job.Name, job.Namespace = key.Name, key.Namespace
	_, err := ctrl.CreateOrUpdate(ctx, r.Client, job, func() error {
		job.Spec.Template = corev1.PodTemplateSpec{Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "run", Image: r.Image}}}} // want `sets the Job's spec.template on the live object CreateOrUpdate gives its mutate function`
		return nil
	})
	return err
}

// localHelper sets the selector in a helper of this package.
func (r *BadReconciler) localHelper(ctx context.Context, key client.ObjectKey) error {
	ds := &appsv1.DaemonSet{}
	if err := r.Get(ctx, key, ds); err != nil {
		return err
	}
	r.selectVersion(ds) // want `selectVersion sets the DaemonSet's spec.selector on an object read from the server`
	return r.Update(ctx, ds)
}

func (r *BadReconciler) selectVersion(ds *appsv1.DaemonSet) {
	ds.Spec.Selector = &metav1.LabelSelector{MatchLabels: map[string]string{"version": r.Version}}
}

// bindRole points the live binding at the role the spec names: a
// binding's roleRef never changes.
func (r *BadReconciler) bindRole(ctx context.Context, key client.ObjectKey) error {
	rb := &rbacv1.RoleBinding{}
	if err := r.Get(ctx, key, rb); err != nil {
		return err
	}
	rb.RoleRef = rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "Role", Name: r.Version} // want `sets the RoleBinding's roleRef on an object read from the server: when the value set differs from the stored one, the API server refuses the update \("cannot change roleRef"\)`
	return r.Update(ctx, rb)
}

// The Secret's type set in a mutate function, its error wrapped and
// returned: nothing answers the refusal, it repeats on every reconcile.
func (r *BadReconciler) mountSecret(ctx context.Context, key client.ObjectKey, typ corev1.SecretType) error {
	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: key.Name, Namespace: key.Namespace}}
	_, err := controllerutil.CreateOrPatch(ctx, r.Client, secret, func() error {
		secret.Type = typ // want `sets the Secret's type on the live object CreateOrPatch gives its mutate function`
		return nil
	})
	if err != nil {
		return fmt.Errorf("binding secret: %w", err)
	}
	return nil
}

func (r *BadReconciler) bind(ctx context.Context, key client.ObjectKey) (ctrl.Result, error) {
	return ctrl.Result{}, r.mountSecret(ctx, key, corev1.SecretTypeOpaque)
}
