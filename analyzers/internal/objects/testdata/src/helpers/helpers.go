// Package helpers holds exported helpers of the module, summarised as facts
// for their callers in other packages.
package helpers

import (
	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"
)

// MarkReady changes the status.
func MarkReady(dep *appsv1.Deployment) { // want MarkReady:`summary\(changes\(0, 1, 0\)\)`
	dep.Status.ReadyReplicas = dep.Status.Replicas
}

// Relabel changes the metadata of any object.
func Relabel(obj client.Object) { // want Relabel:`summary\(changes\(0, 4, 0\)\)`
	obj.SetLabels(map[string]string{"managed": "true"})
}

// Inspect only reads.
func Inspect(dep *appsv1.Deployment) bool { // want Inspect:`summary\(\)`
	log.Log.Info("inspecting", "deployment", dep)
	return dep.Spec.Paused
}

// Scale changes the spec of the second parameter; the first is no object.
func Scale(n int32, dep *appsv1.Deployment) { // want Scale:`summary\(changes\(1, 2, 0\)\)`
	dep.Spec.Replicas = &n
}

// scale is not exported: no fact.
func scale(dep *appsv1.Deployment) { Scale(1, dep) }

var _ = scale
