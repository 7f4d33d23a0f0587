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

// Fetches through helpers of another package (their facts), and a twin
// that only builds.
func LoadedInto(ctx context.Context, c client.Client, key types.NamespacedName) {
	dep := &appsv1.Deployment{}
	dep.Spec.Paused = true
	_ = helpers.Load(ctx, c, key, dep)
	probe.Since(dep) // want `since fetched`
}

func Returned(ctx context.Context, c client.Client, key types.NamespacedName) {
	dep, err := helpers.GetDeployment(ctx, c, key)
	if err != nil {
		return
	}
	probe.Since(dep) // want `since fetched`
}

func Built(key types.NamespacedName) {
	dep := helpers.NewDeployment(key)
	probe.Since(dep) // want `since made`
}

func Given(dep *appsv1.Deployment) {
	probe.Since(dep) // want `since entry`
}

// The items of a list read here are fetched, by pointer or by copy.
func Listed(ctx context.Context, c client.Client) {
	var list appsv1.DeploymentList
	_ = c.List(ctx, &list)
	for i := range list.Items {
		probe.Since(&list.Items[i]) // want `since fetched`
	}
	for _, item := range list.Items {
		probe.Since(&item) // want `since fetched`
	}
}

// Written by a helper of another package: its changes are on the server.
func Saved(ctx context.Context, c client.Client, key types.NamespacedName) {
	dep := &appsv1.Deployment{}
	_ = c.Get(ctx, key, dep)
	_ = helpers.Save(ctx, c, dep)
	probe.History(dep) // want `history strong=- weak=- fields=metadata`
	probe.Since(dep)   // want `since written`
}

// The name of an object made by a constructor of another package is the
// argument given for the parameter its fact names.
func Named(ns string) {
	probe.Name(helpers.NewService(ns, "frontend"))                 // want `name const:"frontend"`
	probe.Name(helpers.NewDeployment(client.ObjectKey{Name: "x"})) // want `name unknown`
}
