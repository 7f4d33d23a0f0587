package server // want package:`creates\(ConfigMap at bad.go:\d+ \[app\], ConfigMap at good.go:\d+ \[app app.kubernetes.io/managed-by\], Secret at bad.go:\d+ \[\], Secret at good.go:\d+ \[app.kubernetes.io/managed-by\]\)`

// server makes the manager of cmd/viaserver, with a default selector
// that every type takes: judged in package main, at its call.

import (
	"context"

	"k8s.io/apimachinery/pkg/labels"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"

	"fixtures/ctl"
)

// Run makes the manager and runs the reconcilers.
func Run(ctx context.Context) error {
	sel, _ := labels.Parse("app.kubernetes.io/managed-by")
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{Cache: cache.Options{DefaultLabelSelector: sel}})
	if err != nil {
		return err
	}
	if err := ctl.Setup(mgr); err != nil {
		return err
	}
	return mgr.Start(ctx)
}
