// Command uncached has manager's selectors, but its client reads Secrets
// and ConfigMaps from the API server (DisableFor): the Gets find what
// the Creates made.
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
				&corev1.Secret{}:    {Label: managed},
				&corev1.ConfigMap{}: {Label: managed},
			},
		},
		Client: client.Options{Cache: &client.CacheOptions{DisableFor: []client.Object{&corev1.Secret{}, &corev1.ConfigMap{}}}},
	})
	if err != nil {
		os.Exit(1)
	}
	if err := ctl.Setup(mgr); err != nil {
		os.Exit(1)
	}
	_ = mgr.Start(ctrl.SetupSignalHandler())
}
