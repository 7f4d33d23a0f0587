package lock

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/helpers"
)

const finalizer = "example.com/cleanup"

func AddPatched(ctx context.Context, c client.Client, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, key, cm); err != nil {
		return err
	}
	patch := client.MergeFrom(cm.DeepCopy()) // want `this merge patch replaces the object's whole finalizer list \(.Finalizers\) with the one this reconcile read: a finalizer another controller added in between is dropped`
	controllerutil.AddFinalizer(cm, finalizer)
	return c.Patch(ctx, cm, patch)
}

func RemovePatched(ctx context.Context, c client.Client, key types.NamespacedName) error {
	var pvc corev1.PersistentVolumeClaim
	if err := c.Get(ctx, key, &pvc); err != nil {
		return err
	}
	base := pvc.DeepCopy()
	if controllerutil.RemoveFinalizer(&pvc, finalizer) {
		return c.Patch(ctx, &pvc, client.MergeFromWithOptions(base)) // want `whole finalizer list`
	}
	return nil
}

func OwnerPatched(ctx context.Context, c client.Client, scheme *runtime.Scheme, owner *appsv1.Deployment, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, key, cm); err != nil {
		return err
	}
	patch := client.MergeFrom(cm.DeepCopy()) // want `whole owner reference list \(.OwnerReferences\)`
	if err := controllerutil.SetControllerReference(owner, cm, scheme); err != nil {
		return err
	}
	return c.Patch(ctx, cm, patch)
}

// Through a helper of another package, known by its fact.
func HelperPatched(ctx context.Context, c client.Client, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, key, cm); err != nil {
		return err
	}
	patch := client.MergeFrom(cm.DeepCopy()) // want `whole finalizer list`
	if helpers.AddCleanup(cm) {
		return c.Patch(ctx, cm, patch)
	}
	return nil
}

// Twins.

// The lock is there.
func Locked(ctx context.Context, c client.Client, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, key, cm); err != nil {
		return err
	}
	patch := client.MergeFromWithOptions(cm.DeepCopy(), client.MergeFromWithOptimisticLock{})
	controllerutil.AddFinalizer(cm, finalizer)
	return c.Patch(ctx, cm, patch)
}

// Labels only (here and through a helper): a map is merged key by key.
func Labels(ctx context.Context, c client.Client, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, key, cm); err != nil {
		return err
	}
	patch := client.MergeFrom(cm.DeepCopy())
	cm.Labels["tier"] = "web"
	helpers.Mark(cm)
	return c.Patch(ctx, cm, patch)
}

// The finalizer was written before the copy: the patch does not carry it.
func Before(ctx context.Context, c client.Client, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, key, cm); err != nil {
		return err
	}
	if controllerutil.AddFinalizer(cm, finalizer) {
		if err := c.Update(ctx, cm); err != nil {
			return err
		}
	}
	patch := client.MergeFrom(cm.DeepCopy())
	cm.Data = map[string]string{"k": "v"}
	return c.Patch(ctx, cm, patch)
}

// A strategic merge patch merges the list (built-in types only).
func Strategic(ctx context.Context, c client.Client, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := c.Get(ctx, key, dep); err != nil {
		return err
	}
	patch := client.StrategicMergeFrom(dep.DeepCopy())
	controllerutil.AddFinalizer(dep, finalizer)
	return c.Patch(ctx, dep, patch)
}

// Options we cannot see: maybe the lock.
func Options(ctx context.Context, c client.Client, key types.NamespacedName, opts ...client.MergeFromOption) error {
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, key, cm); err != nil {
		return err
	}
	patch := client.MergeFromWithOptions(cm.DeepCopy(), opts...)
	controllerutil.AddFinalizer(cm, finalizer)
	return c.Patch(ctx, cm, patch)
}

// The shape of mariadb-operator's fix 34a31b40: a patch helper given the
// change as a function value, by callers that add or remove a finalizer.
type wrapped struct {
	client.Client
	cm *corev1.ConfigMap
}

func (w *wrapped) patch(ctx context.Context, cm *corev1.ConfigMap, patchFn func(*corev1.ConfigMap)) error {
	patch := client.MergeFrom(cm.DeepCopy()) // want `whole finalizer list`
	patchFn(cm)
	return w.Patch(ctx, cm, patch)
}

func (w *wrapped) RemoveFinalizer(ctx context.Context) error {
	return w.patch(ctx, w.cm, func(*corev1.ConfigMap) {
		controllerutil.RemoveFinalizer(w.cm, finalizer)
	})
}

// Twin: the same helper, given label changes only.
func (w *wrapped) patchLabels(ctx context.Context, cm *corev1.ConfigMap, patchFn func(*corev1.ConfigMap)) error {
	patch := client.MergeFrom(cm.DeepCopy())
	patchFn(cm)
	return w.Patch(ctx, cm, patch)
}

func (w *wrapped) Label(ctx context.Context) error {
	return w.patchLabels(ctx, w.cm, func(c *corev1.ConfigMap) {
		c.Labels = map[string]string{"tier": "web"}
	})
}
