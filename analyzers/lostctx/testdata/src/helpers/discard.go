package helpers

import (
	"context"
	"time"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"
)

func sync(ctx context.Context, c client.Client, l logr.Logger) error {
	ctrl.LoggerInto(ctx, l.WithValues("step", "sync")) // want `the context returned by ctrl.LoggerInto is not used, so the logger it adds reaches no call; assign it`
	var cms corev1.ConfigMapList
	if err := c.List(ctx, &cms); err != nil {
		return err
	}
	log.IntoContext(ctx, l)                            // want `the context returned by log.IntoContext is not used`
	logr.NewContext(context.Background(), l)           // want `the context returned by logr.NewContext is not used`
	_, cancel := context.WithTimeout(ctx, time.Minute) // want `the context returned by context.WithTimeout is not used, so the timeout it adds reaches no call`
	defer cancel()
	return c.List(ctx, &cms)
}

// Twins: the derived context is used.
func syncUsed(ctx context.Context, c client.Client, l logr.Logger) error {
	ctx = ctrl.LoggerInto(ctx, l)
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	var cms corev1.ConfigMapList
	return c.List(ctx, &cms)
}

// A context.With* call as a statement of its own is go vet's
// (unusedresult); not reported twice.
func vetSays(ctx context.Context) {
	context.WithValue(ctx, key{}, 1)
}

type key struct{}
