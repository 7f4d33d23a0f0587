package main

import (
	"os"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/controller"
	"fixtures/crew"
)

// main runs the manager.
func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{ // want `no \+kubebuilder:rbac marker of the module grants list, watch on configmaps \(group core\), which Owns\(v1.ConfigMap\) at controller.go:119 needs: the informer for configmaps cannot start` `grants patch on guestbooks/status \(group webapp.example.com\), which Status\(\).Patch at controller.go:66 needs: every status write fails with forbidden` `grants list, watch on pods \(group core\), which List at controller.go:60 needs` `grants list on endpoints \(group core\), which List at drain.go:52 needs: the call fails with forbidden` `grants delete, patch on services \(group core\), which Delete at crew.go:35, Patch at drain.go:34 needs: the call fails with forbidden` `grants deletecollection on persistentvolumeclaims \(group core\), which DeleteAllOf at crew.go:76 needs: the call fails` `grants delete on serviceaccounts \(group core\), which Delete at controller.go:104 needs`
		Client: client.Options{Cache: &client.CacheOptions{DisableFor: []client.Object{&corev1.Secret{}}}},
	})
	if err != nil {
		os.Exit(1)
	}
	if err := (&controller.GuestbookReconciler{Client: mgr.GetClient(), APIReader: mgr.GetAPIReader()}).SetupWithManager(mgr); err != nil {
		os.Exit(1)
	}
	if err := (&crew.ServiceReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		os.Exit(1)
	}
	if err := ctrl.NewControllerManagedBy(mgr).Named("podcleaner").For(&corev1.Service{}).Complete(crew.NewClaimCleaner(mgr.GetClient())); err != nil {
		os.Exit(1)
	}
	_ = mgr.Start(ctrl.SetupSignalHandler())
}
