package controller

import (
	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/api"
)

func Ensure(dep *appsv1.Deployment) bool {
	if controllerutil.ContainsFinalizer(dep, api.LegacyFinalizer) { // want `finalizer name "finalizer.apps.example.com" is not domain-qualified: .* rename it to "apps.example.com/finalizer", keep removing "finalizer.apps.example.com"`
		controllerutil.RemoveFinalizer(dep, api.LegacyFinalizer) // reported once per package
	}
	return controllerutil.AddFinalizer(dep, api.GoodFinalizer)
}
