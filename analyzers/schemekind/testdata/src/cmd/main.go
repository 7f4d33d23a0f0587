// Command manager runs the fleet controller with a scheme that lacks v2
// and v1.Dinghy.
package main

import (
	"os"

	"k8s.io/apimachinery/pkg/runtime"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	ctrl "sigs.k8s.io/controller-runtime"

	v1 "fixtures/api/v1"
	"fixtures/controller"
	"fixtures/schemes"
)

var scheme = runtime.NewScheme()

func init() {
	utilruntime.Must(clientgoscheme.AddToScheme(scheme))
	utilruntime.Must(v1.AddToScheme(scheme))
}

func main() {
	setupScheme(scheme)
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{Scheme: scheme}) // want `fixtures/api/v1 does not register v1\.Dinghy` `never gets fixtures/api/v2.s AddToScheme`
	if err != nil {
		os.Exit(1)
	}
	if err := (&controller.FleetReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		os.Exit(1)
	}
	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		os.Exit(1)
	}
}

func setupScheme(s *runtime.Scheme) {
	utilruntime.Must(schemes.AddExtra(s))
}
