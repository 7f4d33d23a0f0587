// Command good registers every kind its controller uses: v2 through the
// package's SchemeBuilder, Dinghy one by one.
package main

import (
	"k8s.io/apimachinery/pkg/runtime"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	ctrl "sigs.k8s.io/controller-runtime"

	v1 "fixtures/api/v1"
	v2 "fixtures/api/v2"
	v3 "fixtures/api/v3"
	"fixtures/controller"
)

var scheme = runtime.NewScheme()

func init() {
	utilruntime.Must(clientgoscheme.AddToScheme(scheme))
	utilruntime.Must(v1.AddToScheme(scheme))
	utilruntime.Must(v2.SchemeBuilder.AddToScheme(scheme))
	utilruntime.Must(v3.AddToScheme(scheme))
	scheme.AddKnownTypes(v1.GroupVersion, &v1.Dinghy{}, &v1.DinghyList{})
}

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{Scheme: scheme})
	if err != nil {
		return
	}
	_ = (&controller.FleetReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
}
