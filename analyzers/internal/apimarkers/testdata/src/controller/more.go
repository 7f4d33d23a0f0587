package controller

import (
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	rbacv1 "k8s.io/api/rbac/v1"

	webappv1 "fixtures/api/v1" // want `imports markers`
)

// A marker anywhere in a file of the package counts, as for controller-gen.
// +kubebuilder:rbac:groups=batch,resources=jobs,verbs=create

// The resources of built-in kinds, list types and the module's kinds.
var objects = []any{
	&corev1.Pod{},                 // want `resource pods namespaced`
	&appsv1.DeploymentList{},      // want `resource deployments.apps namespaced`
	&corev1.Endpoints{},           // want `resource endpoints`
	&networkingv1.NetworkPolicy{}, // want `resource networkpolicies.networking.k8s.io`
	&networkingv1.Ingress{},       // want `resource ingresses.networking.k8s.io`
	&rbacv1.ClusterRoleBinding{},  // want `resource clusterrolebindings.rbac.authorization.k8s.io cluster-scoped`
	&webappv1.Guestbook{},         // want `resource guestbooks.webapp.example.com namespaced`
	&webappv1.GuestbookList{},     // want `resource guestbooks.webapp.example.com`
	&webappv1.Database{},          // want `resource dbs.webapp.example.com cluster-scoped`
	&webappv1.Helper{},            // not a kind
}
