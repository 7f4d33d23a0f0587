package controller

import (
	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/api"
)

// Ensure migrates from the legacy name, a constant of another package:
// tested and removed, never added, it is the old name of a migration and
// is not reported (the new one is domain-qualified).
func Ensure(dep *appsv1.Deployment) bool {
	if controllerutil.ContainsFinalizer(dep, api.LegacyFinalizer) {
		controllerutil.RemoveFinalizer(dep, api.LegacyFinalizer)
	}
	return controllerutil.AddFinalizer(dep, api.GoodFinalizer)
}
