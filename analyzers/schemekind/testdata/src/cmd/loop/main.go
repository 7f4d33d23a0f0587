// Command loop fills its scheme through a slice of function values: the
// check does not follow them, and stays silent.
package main

import (
	"k8s.io/apimachinery/pkg/runtime"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	ctrl "sigs.k8s.io/controller-runtime"

	v1 "fixtures/api/v1"
	"fixtures/controller"
)

func main() {
	scheme := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{clientgoscheme.AddToScheme, v1.AddToScheme} {
		utilruntime.Must(add(scheme))
	}
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{Scheme: scheme})
	if err != nil {
		return
	}
	_ = (&controller.FleetReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
}
