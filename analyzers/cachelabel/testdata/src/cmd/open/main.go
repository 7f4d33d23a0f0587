// Command open takes its selector from the environment: not known, left
// alone.
package main

import (
	"os"

	"k8s.io/apimachinery/pkg/labels"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"

	"fixtures/ctl"
)

func main() {
	sel, err := labels.Parse(os.Getenv("CACHE_SELECTOR"))
	if err != nil {
		os.Exit(1)
	}
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{Cache: cache.Options{DefaultLabelSelector: sel}})
	if err != nil {
		os.Exit(1)
	}
	if err := ctl.Setup(mgr); err != nil {
		os.Exit(1)
	}
	_ = mgr.Start(ctrl.SetupSignalHandler())
}
