// Package uncached makes a manager whose client reads Secrets without the
// cache: a Get of a Secret needs get only.
package uncached

import (
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/controller"
)

func Run() error {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{
		Client: client.Options{Cache: &client.CacheOptions{DisableFor: []client.Object{&corev1.Secret{}}}},
	})
	if err != nil {
		return err
	}
	return (&controller.ReaderReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
}
