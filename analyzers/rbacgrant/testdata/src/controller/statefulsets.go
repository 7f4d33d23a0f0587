package controller

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// +kubebuilder:rbac:groups=apps,resources=statefulsets,verbs=get;list;watch
// +kubebuilder:rbac:groups=apps,resources=statefulsets/status,verbs=patch

// markStatefulSets changes only the status of listed StatefulSets through
// CreateOrPatch: it gets each and patches its status subresource; its
// Create path, for an object read from the server, would be refused
// whatever the role (piraeus's conditions on its listed configurations).
// The markers grant what that needs: not reported.
func (r *GuestbookReconciler) markStatefulSets(ctx context.Context, ns string) error {
	var list appsv1.StatefulSetList
	if err := r.List(ctx, &list, client.InNamespace(ns)); err != nil {
		return err
	}
	for i := range list.Items {
		sts := &list.Items[i]
		if _, err := controllerutil.CreateOrPatch(ctx, r.Client, sts, func() error {
			sts.Status.ObservedGeneration = sts.Generation
			return nil
		}); err != nil {
			return err
		}
	}
	return nil
}
