// Command local builds its scheme in main and forgets v3, which the
// controller reads.
package main

import (
	"k8s.io/apimachinery/pkg/runtime"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/manager"

	v1 "fixtures/api/v1"
	v2 "fixtures/api/v2"
	"fixtures/controller"
)

func main() {
	scheme := runtime.NewScheme()
	utilruntime.Must(clientgoscheme.AddToScheme(scheme))
	utilruntime.Must(v1.AddToScheme(scheme))
	utilruntime.Must(v2.AddToScheme(scheme))
	scheme.AddKnownTypes(v1.GroupVersion, &v1.Dinghy{})
	mgr, err := manager.New(ctrl.GetConfigOrDie(), manager.Options{Scheme: scheme}) // want `never gets fixtures/api/v3.s AddToScheme, but its controllers use v3\.Ketch \(Get at fleet\.go:\d+\)`
	if err != nil {
		return
	}
	_ = (&controller.FleetReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
}
