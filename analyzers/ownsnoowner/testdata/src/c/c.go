// Package c sets up a reconciler of package a: the chain and the
// reconciler's code live in different packages.
package c

import (
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/a"
)

func Setup(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&a.App{}).
		Owns(&corev1.ConfigMap{}). // want `Owns\(&corev1.ConfigMap\{\}\) maps each ConfigMap event to the object's controller owner, but DirectReconciler's package creates ConfigMap objects`
		Owns(&corev1.Secret{}).
		Complete(&a.DirectReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()})
}
