// Package wholemerge holds the fixtures of the wholemerge check: bad.go the code it
// reports, each finding marked by a want comment on its line matching its
// message (see docs/adding-a-check.md), good.go the twins it must leave
// alone.
package wholemerge

import (
	"context"
	"encoding/json"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/wholehelpers"
)

// BadReconciler sends objects it read from the server whole as merge
// patches.
type BadReconciler struct {
	client.Client
}

// The reconciled config map, read, a key removed, patched whole: the
// removed key is absent from the patch and stays. Fixed in place.
func (r *BadReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	delete(cm.Data, "stale")
	cm.Data["mode"] = "on"
	if err := r.Patch(ctx, cm, client.Merge); err != nil { // want `client.Merge sends all of cm as read from the server, resourceVersion included, as a JSON merge patch: the API server answers 409 Conflict whenever the object was written since, .* stays on the server; patch with client.MergeFrom\(cm.DeepCopy\(\)\), the copy taken right after the read`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// The status subresource, of a Deployment read as a struct value.
func (r *BadReconciler) status(ctx context.Context, key types.NamespacedName) error {
	var dep appsv1.Deployment
	if err := r.Get(ctx, key, &dep); err != nil {
		return err
	}
	dep.Status.ObservedGeneration = dep.Generation
	return r.Status().Patch(ctx, &dep, client.Merge) // want `client.Merge sends all of dep as read from the server`
}

// An item of a List, patched whole in the loop.
func (r *BadReconciler) relabel(ctx context.Context, ns string) error {
	var list corev1.ConfigMapList
	if err := r.List(ctx, &list, client.InNamespace(ns)); err != nil {
		return err
	}
	for _, cm := range list.Items {
		delete(cm.Labels, "example.com/stale")
		if err := r.Patch(ctx, &cm, client.Merge); err != nil { // want `client.Merge sends all of cm as read from the server`
			return err
		}
	}
	return nil
}

// A merge patch written by hand: the JSON of the object read.
func (r *BadReconciler) raw(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	dep.Spec.Template.Annotations = nil
	data, err := json.Marshal(dep)
	if err != nil {
		return err
	}
	return r.Patch(ctx, dep, client.RawPatch(types.MergePatchType, data)) // want `this merge patch of json.Marshal sends all of dep as read from the server`
}

// Read on two paths: no single place for the copy, so no fix.
func (r *BadReconciler) either(ctx context.Context, a, b types.NamespacedName, useA bool) error {
	cm := &corev1.ConfigMap{}
	if useA {
		if err := r.Get(ctx, a, cm); err != nil {
			return err
		}
	} else {
		if err := r.Get(ctx, b, cm); err != nil {
			return err
		}
	}
	cm.Data = nil
	return r.Patch(ctx, cm, client.Merge) // want `client.Merge sends all of cm as read from the server`
}

// patchLabels patches what it is given whole: its caller's read decides.
func (r *BadReconciler) patchLabels(ctx context.Context, cm *corev1.ConfigMap) error { // want patchLabels:`wholeMerge\(2\)`
	cm.Labels = map[string]string{"app": "demo"}
	return r.Patch(ctx, cm, client.Merge)
}

// The helper of this package, given the object read.
func (r *BadReconciler) viaHelper(ctx context.Context, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	return r.patchLabels(ctx, cm) // want `BadReconciler.patchLabels sends all of cm \(a client.Merge patch\) as read from the server, .*; give it a copy taken right after the read and patch with client.MergeFrom\(copy\)`
}

// A helper of another package, known by its fact, given the object read;
// then one that hands it on to that helper, given the object as the first
// helper's patch left it (the server's answer).
func (r *BadReconciler) viaOtherPackage(ctx context.Context, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	if err := wholehelpers.SetOwnerLabel(ctx, r.Client, cm, "demo"); err != nil { // want `wholehelpers.SetOwnerLabel sends all of cm \(a client.Merge patch\) as read from the server`
		return err
	}
	return wholehelpers.Forward(ctx, r.Client, cm) // want `wholehelpers.Forward sends all of cm \(a client.Merge patch\) as the server answered an earlier write`
}

// Created, then patched whole: the client decoded the server's answer into
// it, resourceVersion included. The history starts at a write: no fix.
func (r *BadReconciler) afterCreate(ctx context.Context, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	cm.Name, cm.Namespace = key.Name, key.Namespace
	if err := r.Create(ctx, cm); err != nil {
		return err
	}
	cm.Data = map[string]string{"mode": "on"}
	return r.Patch(ctx, cm, client.Merge) // want `client.Merge sends all of cm as the server answered an earlier write, resourceVersion included`
}

// ownerDeployment returns the Deployment it read (k0smotron reads the
// owning Machine with cluster-api's util.GetOwnerMachine, a library
// reader of the knowledge table).
func (r *BadReconciler) ownerDeployment(ctx context.Context, key types.NamespacedName) (*appsv1.Deployment, error) {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return nil, err
	}
	return dep, nil
}

// A copy of what was read, its status patched whole in a retry
// (k0smotron 75e2ad43, remote_machine_controller.go:266).
func (r *BadReconciler) copiedInRetry(ctx context.Context, key types.NamespacedName) error {
	dep, err := r.ownerDeployment(ctx, key)
	if err != nil {
		return err
	}
	d := dep.DeepCopy()
	d.Status.ObservedGeneration = d.Generation
	return retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		return r.Status().Patch(ctx, d, client.Merge) // want `client.Merge sends all of d as read from the server`
	})
}
