package controller

import (
	"context"

	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/intstr"
	ctrl "sigs.k8s.io/controller-runtime"

	webappv1alpha1 "example.com/guestbook-operator/api/v1alpha1"
)

// The manager caches PodDisruptionBudgets and NetworkPolicies by this
// label only (cmd/main.go): every one the operator makes must carry it,
// or its cached Get never finds it.
const (
	ManagedByLabel = "app.kubernetes.io/managed-by"
	ManagedBy      = "guestbook-operator"
)

// +kubebuilder:rbac:groups=policy,resources=poddisruptionbudgets,verbs=get;list;watch;create
// +kubebuilder:rbac:groups=networking.k8s.io,resources=networkpolicies,verbs=get;list;watch;create

// ensureDisruptionBudget keeps a guestbook's pod running through
// voluntary disruptions (a node drain). The budget is created without
// ManagedByLabel: the cache never holds it, so the Get says NotFound on
// every reconcile and every Create after the first fails with
// AlreadyExists.
func (r *GuestbookReconciler) ensureDisruptionBudget(ctx context.Context, gb *webappv1alpha1.Guestbook) error {
	pdb := &policyv1.PodDisruptionBudget{}
	err := r.Get(ctx, types.NamespacedName{Namespace: gb.Namespace, Name: gb.Name}, pdb)
	if !apierrors.IsNotFound(err) {
		return err
	}
	minAvailable := intstr.FromInt32(1)
	pdb = &policyv1.PodDisruptionBudget{
		ObjectMeta: metav1.ObjectMeta{
			Namespace: gb.Namespace,
			Name:      gb.Name,
			Labels:    map[string]string{appLabel: "guestbook", instanceLabel: gb.Name},
		},
		Spec: policyv1.PodDisruptionBudgetSpec{
			MinAvailable: &minAvailable,
			Selector:     &metav1.LabelSelector{MatchLabels: labelsFor(gb)},
		},
	}
	if err := ctrl.SetControllerReference(gb, pdb, r.Scheme); err != nil {
		return err
	}
	return r.Create(ctx, pdb)
}

// ensureNetworkPolicy lets a guestbook's pod be reached on the frontend's
// port only, not on redis's. The policy carries ManagedByLabel, so the
// cache holds it and the next reconcile finds it.
func (r *GuestbookReconciler) ensureNetworkPolicy(ctx context.Context, gb *webappv1alpha1.Guestbook) error {
	policy := &networkingv1.NetworkPolicy{}
	err := r.Get(ctx, types.NamespacedName{Namespace: gb.Namespace, Name: gb.Name}, policy)
	if !apierrors.IsNotFound(err) {
		return err
	}
	port := intstr.FromString("http")
	policy = &networkingv1.NetworkPolicy{
		ObjectMeta: metav1.ObjectMeta{
			Namespace: gb.Namespace,
			Name:      gb.Name,
			Labels:    map[string]string{appLabel: "guestbook", instanceLabel: gb.Name, ManagedByLabel: ManagedBy},
		},
		Spec: networkingv1.NetworkPolicySpec{
			PodSelector: metav1.LabelSelector{MatchLabels: labelsFor(gb)},
			PolicyTypes: []networkingv1.PolicyType{networkingv1.PolicyTypeIngress},
			Ingress:     []networkingv1.NetworkPolicyIngressRule{{Ports: []networkingv1.NetworkPolicyPort{{Port: &port}}}},
		},
	}
	if err := ctrl.SetControllerReference(gb, policy, r.Scheme); err != nil {
		return err
	}
	return r.Create(ctx, policy)
}
