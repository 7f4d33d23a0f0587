package helpers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A method value handed through a function-typed parameter to a step
// without a context, which runs it (medik8s/self-node-remediation's
// remediateWithResourceRemoval(ctx, r.deleteResourcesWrapper)).

type NodeReconciler struct {
	client.Client
}

func (r *NodeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := r.remediate(ctx, r.deletePods); err != nil {
		return ctrl.Result{}, err
	}
	// Twin: the handed function takes the context it is given.
	if err := r.remediateCtx(ctx, r.deletePodsCtx); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *NodeReconciler) remediate(ctx context.Context, rm func(node string) error) error {
	if err := r.Get(ctx, client.ObjectKey{Name: "n"}, &corev1.Node{}); err != nil {
		return err
	}
	return r.afterReboot("n", rm)
}

func (r *NodeReconciler) afterReboot(node string, rm func(node string) error) error {
	return rm(node)
}

func (r *NodeReconciler) deletePods(node string) error {
	return r.DeleteAllOf(context.Background(), &corev1.Pod{}, client.MatchingFields{"spec.nodeName": node}) // want `context.Background\(\) drops the context of the reconcile: NodeReconciler.deletePods has no context.Context parameter, and NodeReconciler.Reconcile hands NodeReconciler.deletePods to NodeReconciler.remediate, which runs it, with ctx in scope; add a ctx parameter to NodeReconciler.deletePods \(and to the function type that carries it\) and pass ctx`
}

func (r *NodeReconciler) remediateCtx(ctx context.Context, rm func(ctx context.Context, node string) error) error {
	return rm(ctx, "n")
}

func (r *NodeReconciler) deletePodsCtx(ctx context.Context, node string) error {
	return r.DeleteAllOf(ctx, &corev1.Pod{}, client.MatchingFields{"spec.nodeName": node})
}
