// Package splitsetup sets up a reconciler of package reconcilers: the chain and the
// reconciler's code live in different packages.
package splitsetup

import (
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/reconcilers"
)

func Setup(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&reconcilers.App{}).
		Owns(&corev1.ConfigMap{}). // want `Owns\(&corev1.ConfigMap\{\}\) maps each ConfigMap event to the object's controller owner, but DirectReconciler's package creates ConfigMap objects`
		Owns(&corev1.Secret{}).
		Complete(&reconcilers.DirectReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()})
}
