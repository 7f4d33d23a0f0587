// Package lib is the module's owner-reference helpers in another package
// than their callers: their facts carry the edges with a parameter end.
package lib

import (
	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Own makes owner the controller of obj.
func Own(owner, obj client.Object, scheme *runtime.Scheme) error {
	return controllerutil.SetControllerReference(owner, obj, scheme)
}

// OwnRole makes owner an owner (not the controller) of a new ClusterRole.
func OwnRole(owner client.Object, scheme *runtime.Scheme) (*rbacv1.ClusterRole, error) {
	role := &rbacv1.ClusterRole{}
	return role, controllerutil.SetOwnerReference(owner, role, scheme)
}

// RefTo returns a controller reference to owner, built field by field.
func RefTo(owner *corev1.ConfigMap) metav1.OwnerReference {
	yes := true
	return metav1.OwnerReference{
		APIVersion: "v1",
		Kind:       "ConfigMap",
		Name:       owner.GetName(),
		UID:        owner.GetUID(),
		Controller: &yes,
	}
}
