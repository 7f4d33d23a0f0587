package helpers // want package:`finalized\(; open: helpers.go:\d+: a deletion with a propagation policy of an object of unknown type\)`

// Package helpers holds exported helpers of the module, summarised as facts
// for their callers in other packages. RemoveWith hands its caller's
// delete options on: a foreground deletion, which gives the object the
// API server's finalizer, of an object of unknown type.

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"
)

// MarkReady changes the status.
func MarkReady(dep *appsv1.Deployment) { // want MarkReady:`summary\(changes\(0, 1, 0\)\)`
	dep.Status.ReadyReplicas = dep.Status.Replicas
}

// Relabel changes the metadata of any object.
func Relabel(obj client.Object) { // want Relabel:`summary\(changes\(0, 4, 0\) metaWrites\(0 label "managed"\)\)`
	obj.SetLabels(map[string]string{"managed": "true"})
}

// Inspect only reads.
func Inspect(dep *appsv1.Deployment) bool { // want Inspect:`summary\(\)`
	log.Log.Info("inspecting", "deployment", dep)
	return dep.Spec.Paused
}

// Scale changes the spec of the second parameter; the first is no object.
func Scale(n int32, dep *appsv1.Deployment) { // want Scale:`summary\(changes\(1, 2, 0\)\)`
	dep.Spec.Replicas = &n
}

// scale is not exported: no fact.
func scale(dep *appsv1.Deployment) { Scale(1, dep) }

var _ = scale

// Load reads the object into its parameter: a fetch for the caller.
func Load(ctx context.Context, c client.Reader, key client.ObjectKey, obj client.Object) error { // want Load:`summary\(changes\(3, 0, 16\) fetched\(3\) clientError\(writes=false\)\)`
	return c.Get(ctx, key, obj)
}

// GetDeployment returns the object it read, or nil.
func GetDeployment(ctx context.Context, c client.Reader, key client.ObjectKey) (*appsv1.Deployment, error) { // want GetDeployment:`summary\(returnsFetched\(0\) clientError\(writes=false\) notFound\(lookup\)\)`
	dep := &appsv1.Deployment{}
	if err := c.Get(ctx, key, dep); err != nil {
		return nil, err
	}
	return dep, nil
}

// NewDeployment builds one: not a fetch.
func NewDeployment(key client.ObjectKey) *appsv1.Deployment { // want NewDeployment:`summary\(returnsMade\(0 unversioned: Name Namespace\)\)`
	dep := &appsv1.Deployment{}
	dep.Namespace, dep.Name = key.Namespace, key.Name
	return dep
}

// NewService builds one named by its parameter: callers in other
// packages know the name they give it.
func NewService(namespace, name string) *corev1.Service { // want NewService:`summary\(returnsMade\(0 unversioned: Name Namespace\) namedBy\(1\)\)`
	return &corev1.Service{ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: name}}
}

// Save changes the object and writes it: a write for the caller.
func Save(ctx context.Context, c client.Client, dep *appsv1.Deployment) error { // want Save:`summary\(changes\(2, 2, 16\) written\(2\) updatedAsGiven\(2\) serverWritten\(2\) clientError\(writes=true\)\)`
	dep.Spec.Paused = true
	return c.Update(ctx, dep)
}

// SaveRetried writes it in a conflict retry, which returns the write's
// error when the retries run out: a client error for the caller.
func SaveRetried(ctx context.Context, c client.Client, dep *appsv1.Deployment) error { // want SaveRetried:`clientError\(writes=true\)`
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		dep.Spec.Paused = true
		return c.Update(ctx, dep)
	})
}

// ScaleRetried retries a function that makes no client call: its error
// is no client error.
func ScaleRetried(n int32, dep *appsv1.Deployment) error { // want ScaleRetried:`^summary\(changes\(1, 2, 16\)\)$`
	return retry.OnError(retry.DefaultBackoff, func(error) bool { return true }, func() error {
		Scale(n, dep)
		return nil
	})
}

// SaveStatus writes the status subresource of an object whose kind its
// caller knows: statusWritten for the caller's argument.
func SaveStatus(ctx context.Context, c client.Client, obj client.Object) error { // want SaveStatus:`statusWritten\(2\)`
	return c.Status().Update(ctx, obj)
}

// MarkAvailable writes it through SaveStatus.
func MarkAvailable(ctx context.Context, c client.Client, obj client.Object) error { // want MarkAvailable:`statusWritten\(2\)`
	return SaveStatus(ctx, c, obj)
}

// SaveDeploymentStatus knows the kind it writes: StatusWrites leaves the
// write to it (WritesStatus gives it to its callers too).
func SaveDeploymentStatus(ctx context.Context, c client.Client, dep *appsv1.Deployment) error { // want SaveDeploymentStatus:`^summary\(changes\(2, 0, 16\) statusWritten\(2\) written\(2\) updatedAsGiven\(2\) serverWritten\(2\) clientError\(writes=true\)\)$`
	return c.Status().Update(ctx, dep)
}

// Remove deletes an object whose kind its caller knows, naming no
// propagation policy: deletedPlain for the caller's argument.
func Remove(ctx context.Context, c client.Client, obj client.Object) error { // want Remove:`deletedPlain\(2\)`
	return c.Delete(ctx, obj, client.GracePeriodSeconds(0))
}

// RemoveQuietly deletes it through Remove.
func RemoveQuietly(ctx context.Context, c client.Client, obj client.Object) error { // want RemoveQuietly:`deletedPlain\(2\)`
	return client.IgnoreNotFound(Remove(ctx, c, obj))
}

// RemoveInBackground names the policy; RemoveWith hands the caller's
// options on: neither is a plain delete.
func RemoveInBackground(ctx context.Context, c client.Client, obj client.Object) error { // want RemoveInBackground:`^summary\(changes\(2, 0, 16\) written\(2\) serverWritten\(2\) clientError\(writes=true\) notFound\(delete\)\)$`
	return c.Delete(ctx, obj, client.PropagationPolicy("Background"))
}

func RemoveWith(ctx context.Context, c client.Client, obj client.Object, opts ...client.DeleteOption) error { // want RemoveWith:`^summary\(changes\(2, 0, 16\) written\(2\) serverWritten\(2\) clientError\(writes=true\) notFound\(delete\)\)$`
	return c.Delete(ctx, obj, opts...)
}

// Paused computes its result from an annotation of its parameter.
func Paused(dep *appsv1.Deployment) bool { // want Paused:`summary\(metaReads\(0 annotation "example.com/paused"\)\)`
	return dep.Annotations["example.com/paused"] == "true"
}

// Tier reads a label but its result does not depend on it.
func Tier(dep *appsv1.Deployment) bool { // want Tier:`summary\(\)`
	log.Log.Info("tier", "tier", dep.GetLabels()["tier"])
	return dep.Spec.Paused
}

// NewDeploymentFrom copies the metadata of another object, with its
// resourceVersion: made, but not unversioned.
func NewDeploymentFrom(dep *appsv1.Deployment) *appsv1.Deployment { // want NewDeploymentFrom:`^summary\(returnsMade\(0: metadata\)\)$`
	return &appsv1.Deployment{ObjectMeta: dep.ObjectMeta}
}

// CopyDeployment returns a deep copy: it carries what the original does.
func CopyDeployment(dep *appsv1.Deployment) *appsv1.Deployment { // want CopyDeployment:`^summary\(\)$`
	return dep.DeepCopy()
}

// SaveFresh reads the object before it updates it: the update carries
// the server's resourceVersion, not the caller's.
func SaveFresh(ctx context.Context, c client.Client, dep *appsv1.Deployment) error { // want SaveFresh:`^summary\(changes\(2, 0, 16\) fetched\(2\) serverWritten\(2\) clientError\(writes=true\)\)$`
	if err := c.Get(ctx, client.ObjectKeyFromObject(dep), dep); err != nil {
		return err
	}
	return c.Update(ctx, dep)
}

// SaveAt gives it the resourceVersion it is given before the update.
func SaveAt(ctx context.Context, c client.Client, dep *appsv1.Deployment, rv string) error { // want SaveAt:`^summary\(changes\(2, 4, 16\) written\(2\) serverWritten\(2\) clientError\(writes=true\)\)$`
	dep.ResourceVersion = rv
	return c.Update(ctx, dep)
}

// SaveThrough updates it through Save: as given.
func SaveThrough(ctx context.Context, c client.Client, dep *appsv1.Deployment) error { // want SaveThrough:`updatedAsGiven\(2\)`
	return Save(ctx, c, dep)
}
