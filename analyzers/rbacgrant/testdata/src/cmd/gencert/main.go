// Command gencert is a second binary of the module, whose code carries no
// marker: it runs under a role of its own, written by hand (piraeus's
// cmd/gencert, bound to config/gencert/rbac.yaml). What it needs is
// judged as a manager among several is: only on resources the markers
// grant some verb on. Its webhook configuration, granted by no marker,
// is not reported.
package main

import (
	"context"
	"os"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		os.Exit(1)
	}
	c := mgr.GetClient()
	if err := mgr.Add(manager.RunnableFunc(func(ctx context.Context) error {
		return inject(ctx, c)
	})); err != nil {
		os.Exit(1)
	}
	_ = mgr.Start(ctrl.SetupSignalHandler())
}

func inject(ctx context.Context, c client.Client) error {
	var cfg admissionregistrationv1.ValidatingWebhookConfiguration
	if err := c.Get(ctx, client.ObjectKey{Name: "webhooks"}, &cfg); err != nil {
		return err
	}
	cfg.Webhooks[0].ClientConfig.CABundle = []byte("ca")
	return c.Update(ctx, &cfg)
}
