// Package wholehelpers holds helpers of the module, in a package of their
// own, that send an object whole as a merge patch: the controller's package
// learns it through wholemerge's fact (wholeMerge(i)), and its history of
// the argument decides.
package wholehelpers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// SetOwnerLabel labels the config map it is given and patches it with
// client.Merge: a whole patch of whatever its caller hands it.
func SetOwnerLabel(ctx context.Context, c client.Client, cm *corev1.ConfigMap, owner string) error { // want SetOwnerLabel:`wholeMerge\(2\)`
	if cm.Labels == nil {
		cm.Labels = map[string]string{}
	}
	cm.Labels["example.com/owner"] = owner
	return c.Patch(ctx, cm, client.Merge)
}

// Forward hands its parameter to SetOwnerLabel: it patches it whole too.
func Forward(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error { // want Forward:`wholeMerge\(2\)`
	return SetOwnerLabel(ctx, c, cm, "forward")
}

// SetOwnerLabelFrom is SetOwnerLabel's twin: it sends the difference from
// a copy, so its callers may give it an object read from the server.
func SetOwnerLabelFrom(ctx context.Context, c client.Client, cm *corev1.ConfigMap, owner string) error {
	base := cm.DeepCopy()
	if cm.Labels == nil {
		cm.Labels = map[string]string{}
	}
	cm.Labels["example.com/owner"] = owner
	return c.Patch(ctx, cm, client.MergeFrom(base))
}

// Unlabel reads the config map itself, then patches it whole: reported
// here, in the helper's package.
func Unlabel(ctx context.Context, c client.Client, key types.NamespacedName) error {
	var cm corev1.ConfigMap
	if err := c.Get(ctx, key, &cm); err != nil {
		return err
	}
	delete(cm.Labels, "example.com/owner")
	return c.Patch(ctx, &cm, client.Merge) // want `client.Merge sends all of cm as read from the server, resourceVersion included, as a JSON merge patch: the API server answers 409 Conflict whenever the object was written since, and what the code removed \(a label, an annotation, a map key, an omitempty field emptied, the last finalizer\) is not in the patch and stays on the server; patch with client.MergeFrom\(cm.DeepCopy\(\)\), the copy taken right after the read`
}

// UnlabelFrom is Unlabel's twin: the deleted key is null in the patch.
func UnlabelFrom(ctx context.Context, c client.Client, key types.NamespacedName) error {
	var cm corev1.ConfigMap
	if err := c.Get(ctx, key, &cm); err != nil {
		return err
	}
	patch := client.MergeFrom(cm.DeepCopy())
	delete(cm.Labels, "example.com/owner")
	return c.Patch(ctx, &cm, patch)
}
