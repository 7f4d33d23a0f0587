// Package use sets owner references between objects of known types:
// directly, through a helper of its own, and through another package's.
package use

import (
	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/edges/lib"
)

func Direct(cm *corev1.ConfigMap, scheme *runtime.Scheme) error {
	sa := &corev1.ServiceAccount{}
	if err := controllerutil.SetControllerReference(cm, sa, scheme); err != nil { // want `owner k8s.io/api/core/v1.ConfigMap of k8s.io/api/core/v1.ServiceAccount \(controller\)`
		return err
	}
	return ctrl.SetControllerReference(cm, &corev1.Secret{}, scheme) // want `owner k8s.io/api/core/v1.ConfigMap of k8s.io/api/core/v1.Secret \(controller\)`
}

func own(owner, obj client.Object, scheme *runtime.Scheme) error {
	return controllerutil.SetControllerReference(owner, obj, scheme) // both ends parameters: no site here
}

func ThroughHelpers(cm *corev1.ConfigMap, scheme *runtime.Scheme) error {
	if err := own(cm, &rbacv1.ClusterRoleBinding{}, scheme); err != nil { // want `owner k8s.io/api/core/v1.ConfigMap of k8s.io/api/rbac/v1.ClusterRoleBinding \(controller\)`
		return err
	}
	if err := lib.Own(cm, &rbacv1.Role{}, scheme); err != nil { // want `owner k8s.io/api/core/v1.ConfigMap of k8s.io/api/rbac/v1.Role \(controller\)`
		return err
	}
	_, err := lib.OwnRole(cm, scheme) // want `owner k8s.io/api/core/v1.ConfigMap of k8s.io/api/rbac/v1.ClusterRole$`
	return err
}

func Unknown(owner client.Object, obj runtime.Object, scheme *runtime.Scheme) error {
	o, _ := obj.(client.Object)
	return controllerutil.SetControllerReference(owner, o, scheme) // neither type known: no site
}

// References built by hand: a literal list, an append, SetOwnerReferences.
func ByHand(cm *corev1.ConfigMap, gvk schema.GroupVersionKind) []client.Object {
	role := &rbacv1.ClusterRole{ObjectMeta: metav1.ObjectMeta{
		OwnerReferences: []metav1.OwnerReference{*metav1.NewControllerRef(cm, gvk)}, // want `owner k8s.io/api/core/v1.ConfigMap of k8s.io/api/rbac/v1.ClusterRole \(controller\)`
	}}
	sa := &corev1.ServiceAccount{}
	sa.OwnerReferences = append(sa.OwnerReferences, *metav1.NewControllerRef(cm, gvk)) // want `owner k8s.io/api/core/v1.ConfigMap of k8s.io/api/core/v1.ServiceAccount \(controller\)`
	ns := &corev1.Namespace{}
	ns.SetOwnerReferences([]metav1.OwnerReference{*metav1.NewControllerRef(cm, gvk)}) // want `owner k8s.io/api/core/v1.ConfigMap of k8s.io/api/core/v1.Namespace \(controller\)`
	return []client.Object{role, sa, ns}
}

// A reference made by another package's helper, to its parameter.
func ByHelper(cm *corev1.ConfigMap) *rbacv1.ClusterRole {
	return &rbacv1.ClusterRole{ObjectMeta: metav1.ObjectMeta{
		OwnerReferences: []metav1.OwnerReference{lib.RefTo(cm)}, // want `owner k8s.io/api/core/v1.ConfigMap of k8s.io/api/rbac/v1.ClusterRole \(controller\)`
	}}
}

// Twin: a reference literal here names an object the layer cannot tell.
func Literal(name string) *rbacv1.ClusterRole {
	return &rbacv1.ClusterRole{ObjectMeta: metav1.ObjectMeta{
		OwnerReferences: []metav1.OwnerReference{{Kind: "ConfigMap", Name: name}},
	}}
}
