// Command manager caches Secrets and ConfigMaps by the operator's label:
// the objects BadReconciler creates without it are never found.
package main

import (
	"os"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/labels"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/ctl"
	"fixtures/labelutil"
)

func main() {
	managed := labels.SelectorFromSet(labels.Set{labelutil.ManagedBy: "web"})
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{
		Cache: cache.Options{
			ByObject: map[client.Object]cache.ByObject{
				&corev1.Secret{}:    {Label: labels.SelectorFromSet(labels.Set{labelutil.ManagedBy: "web"})}, // want `cache holds only Secret objects whose labels match "app.kubernetes.io/managed-by=web" \(ByObject at main.go:\d+\), but the Secret that ensureSecret creates at bad.go:\d+ is not given the label app.kubernetes.io/managed-by: the cached Get at bad.go:\d+ never finds it`
				&corev1.ConfigMap{}: {Label: managed},                                                        // want `ConfigMap objects whose labels match .* the ConfigMap that ensureConfigMap creates at bad.go:\d+ is not given the label`
			},
		},
	})
	if err != nil {
		os.Exit(1)
	}
	if err := ctl.Setup(mgr); err != nil {
		os.Exit(1)
	}
	_ = mgr.Start(ctrl.SetupSignalHandler())
}
