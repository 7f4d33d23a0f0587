// Package certs makes a short-lived manager that writes the webhook
// certificates before the binary's own starts (jobset's BootstrapCerts):
// both run in one process, under one role.
package certs

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
)

func Bootstrap(ctx context.Context) error {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		return err
	}
	return mgr.Start(ctx)
}
