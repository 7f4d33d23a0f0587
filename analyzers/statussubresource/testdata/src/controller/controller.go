package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/api"
	"fixtures/helpers"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	g := &api.Gadget{}
	if err := r.Get(ctx, req.NamespacedName, g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	g.Status.Ready = true
	if err := r.Status().Update(ctx, g); err != nil { // want `this writes the status subresource of api.Gadget, but type Gadget has no // \+kubebuilder:subresource:status marker, so the CRD gadgets.example.com has no status subresource: the API server answers 404 Not Found`
		return ctrl.Result{}, err
	}
	patch := client.MergeFrom(g.DeepCopyObject().(client.Object))
	if err := r.SubResource("status").Patch(ctx, g, patch); err != nil { // want `status subresource of api.Gadget`
		return ctrl.Result{}, err
	}
	// The correct twin: the main resource carries the status.
	if err := r.Update(ctx, g); err != nil {
		return ctrl.Result{}, err
	}

	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// The correct twin: Widget has the subresource.
	if err := r.Status().Update(ctx, w); err != nil {
		return ctrl.Result{}, err
	}
	if err := helpers.SaveStatus(ctx, r.Client, w); err != nil {
		return ctrl.Result{}, err
	}

	z := &api.Gizmo{}
	if err := helpers.MarkReady(ctx, r.Client, z); err != nil { // want `status subresource of api.Gizmo \(through MarkReady\), but type Gizmo has no .* so the CRD gizmoes.example.com has no status subresource`
		return ctrl.Result{}, err
	}
	if err := r.updateStatus(ctx, g); err != nil { // want `status subresource of api.Gadget \(through updateStatus\)`
		return ctrl.Result{}, err
	}
	if err := helpers.Save(ctx, r.Client, g); err != nil {
		return ctrl.Result{}, err
	}
	// A bound method value: its call's arguments lack the receiver, so
	// they are not matched with the helper's parameters (the Widget's
	// status is written, not the Gadget's).
	write := r.writeFirst
	if err := write(ctx, w, g); err != nil {
		return ctrl.Result{}, err
	}

	// Built-in types and unstructured objects are not the module's kinds.
	pod := &corev1.Pod{}
	if err := r.Status().Update(ctx, pod); err != nil {
		return ctrl.Result{}, err
	}
	u := &unstructured.Unstructured{}
	return ctrl.Result{}, r.Status().Update(ctx, u)
}

func (r *Reconciler) updateStatus(ctx context.Context, obj client.Object) error { // writes the status of parameter 2
	return r.Status().Update(ctx, obj)
}

func (r *Reconciler) writeFirst(ctx context.Context, first, _ client.Object) error {
	return r.Status().Update(ctx, first)
}
