// Package crosspkg calls the helpers of another package of the module.
package crosspkg

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/helpers"
	"fixtures/probe"
)

func Ready(ctx context.Context, c client.Client, key types.NamespacedName) {
	dep := &appsv1.Deployment{}
	_ = c.Get(ctx, key, dep)
	helpers.MarkReady(dep)
	probe.History(dep) // want `history strong=Status weak=- fields=.Status`
}

func Labels(ctx context.Context, c client.Client, key types.NamespacedName) {
	dep := &appsv1.Deployment{}
	_ = c.Get(ctx, key, dep)
	helpers.Relabel(dep)
	probe.History(dep) // want `history strong=Meta weak=- fields=metadata`
}

func Read(ctx context.Context, c client.Client, key types.NamespacedName) {
	dep := &appsv1.Deployment{}
	_ = c.Get(ctx, key, dep)
	_ = helpers.Inspect(dep)
	probe.History(dep) // want `history strong=- weak=- fields=metadata`
}

func Scaled(ctx context.Context, c client.Client, key types.NamespacedName) {
	dep := &appsv1.Deployment{}
	_ = c.Get(ctx, key, dep)
	helpers.Scale(2, dep)
	probe.History(dep) // want `history strong=Spec weak=- fields=.Spec`
}
