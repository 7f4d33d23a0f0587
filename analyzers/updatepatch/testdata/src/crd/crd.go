// Package crd updates a CustomResourceDefinition it fetched: the
// apiextensions API server writes its status (its conditions).
package crd

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type CRDReconciler struct {
	client.Client
}

func (r *CRDReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Secret{}).
		Complete(r)
}

func (r *CRDReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

func (r *CRDReconciler) injectCA(ctx context.Context, key types.NamespacedName, ca []byte) error {
	crd := &apiextensionsv1.CustomResourceDefinition{}
	if err := r.Get(ctx, key, crd); err != nil {
		return err
	}
	if crd.Spec.Conversion != nil && crd.Spec.Conversion.Webhook != nil && crd.Spec.Conversion.Webhook.ClientConfig != nil {
		crd.Spec.Conversion.Webhook.ClientConfig.CABundle = ca
	}
	return r.Update(ctx, crd) // want `Update writes the whole v1.CustomResourceDefinition, whose status the apiextensions API server also writes`
}
