// Command newscheme makes and fills its scheme in a function of its own,
// and forgets v2.
package main

import (
	"k8s.io/apimachinery/pkg/runtime"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	ctrl "sigs.k8s.io/controller-runtime"

	v1 "fixtures/api/v1"
	v3 "fixtures/api/v3"
	"fixtures/controller"
)

func newScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	utilruntime.Must(clientgoscheme.AddToScheme(s))
	utilruntime.Must(v1.AddToScheme(s))
	utilruntime.Must(v3.AddToScheme(s))
	s.AddKnownTypes(v1.GroupVersion, &v1.Dinghy{}, &v1.DinghyList{})
	return s
}

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{Scheme: newScheme()}) // want `never gets fixtures/api/v2.s AddToScheme, but its controllers use v2\.Sloop \(Create at fleet\.go:\d+\)`
	if err != nil {
		return
	}
	_ = (&controller.FleetReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
}
