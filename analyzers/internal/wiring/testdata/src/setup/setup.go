// Package setup starts the reconcilers of ctl.
package setup

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/ctl"
)

// All starts PodReconciler: it gets its wiring.
func All(mgr ctrl.Manager) error { // want All:`wiring\(Get\(Deployment\) List\(Pod\) Create\(ConfigMap\) For\(Deployment\) Owns\(ConfigMap\) list\(Pod,"spec.nodeName"\) list\(Pod,".metadata.controller"\) index\(Pod,".metadata.controller"\) request\(deployments.apps:get\) request\(pods:list\) request\(pods:list\) request\(configmaps:create\) request\(deployments.apps:watch\) request\(configmaps:watch\) clientUse\(\)\)`
	return (&ctl.PodReconciler{Client: mgr.GetClient(), APIReader: mgr.GetAPIReader()}).SetupWithManager(mgr)
}

// Nothing starts nothing: no fact.
func Nothing() {}
