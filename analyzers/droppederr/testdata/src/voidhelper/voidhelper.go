package voidhelper

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
)

const finalizer = "example.com/cleanup"

type Reconciler struct{ client.Client }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !cm.DeletionTimestamp.IsZero() {
		// The helper cannot say that the Delete failed: the finalizer goes.
		r.deleteData(ctx, &cm)
		controllerutil.RemoveFinalizer(&cm, finalizer)
		return ctrl.Result{}, r.Update(ctx, &cm)
	}
	r.label(ctx, &cm)
	cm.Status.Message = "labelled"
	return ctrl.Result{}, r.Status().Update(ctx, &cm)
}

func (r *Reconciler) deleteData(ctx context.Context, cm *corev1.Pod) {
	data := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: cm.Namespace, Name: cm.Name + "-data"}}
	if err := r.Delete(ctx, data); client.IgnoreNotFound(err) != nil {
		logf.FromContext(ctx).Error(err, "deleting the data") // want `the error of Delete is only logged in deleteData, which returns no error, then its caller Reconcile removes finalizer "example.com/cleanup": a transient error leaves this cleanup step undone for good; return the error from deleteData`
		return
	}
	logf.FromContext(ctx).Info("deleted the data")
}

func (r *Reconciler) label(ctx context.Context, cm *corev1.Pod) {
	cm.Labels = map[string]string{"managed": "yes"}
	if err := r.Update(ctx, cm); err != nil {
		logf.FromContext(ctx).Error(err, "labelling") // want `the error of Update is only logged in label, which returns no error, then its caller Reconcile writes the status as if it had succeeded`
	}
}

// A helper whose loop goes on past a failed Delete; the caller returns
// success.
type Pruner struct{ client.Client }

func (p *Pruner) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var list corev1.SecretList
	if err := p.List(ctx, &list, client.InNamespace(req.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	p.prune(ctx, list.Items)
	return ctrl.Result{}, nil
}

func (p *Pruner) prune(ctx context.Context, items []corev1.Secret) {
	for i := range items {
		if err := p.Delete(ctx, &items[i]); err != nil {
			logf.FromContext(ctx).Error(err, "pruning") // want `the error of Delete is only logged in prune, which returns no error, then its caller Reconcile returns success`
			continue
		}
	}
}

// Twins, not reported.

// The caller cannot tell success either: it only logs too.
type Housekeeper struct{ client.Client }

func (h *Housekeeper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, h.Get(ctx, req.NamespacedName, &corev1.ConfigMap{})
}

func (h *Housekeeper) sweep(ctx context.Context, cm *corev1.ConfigMap) {
	if err := h.Delete(ctx, cm); err != nil {
		logf.FromContext(ctx).Error(err, "sweeping")
	}
}

func (h *Housekeeper) Run(ctx context.Context, cms []corev1.ConfigMap) {
	for i := range cms {
		h.sweep(ctx, &cms[i])
	}
	logf.FromContext(ctx).Info("swept")
}

// The helper's failure is observable: it returns whether it deleted, and
// the caller requeues when it did not.
type Checked struct{ client.Client }

func (c *Checked) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !c.tryDelete(ctx, cm) {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	controllerutil.RemoveFinalizer(cm, finalizer)
	return ctrl.Result{}, c.Update(ctx, cm)
}

func (c *Checked) tryDelete(ctx context.Context, cm *corev1.ConfigMap) bool {
	data := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: cm.Namespace, Name: cm.Name + "-data"}}
	if err := c.Delete(ctx, data); client.IgnoreNotFound(err) != nil {
		logf.FromContext(ctx).Error(err, "deleting the data")
		return false
	}
	return true
}

// The caller requeues after the helper: the write is tried again.
type Requeued struct{ client.Client }

func (q *Requeued) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := q.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	q.touch(ctx, cm)
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

func (q *Requeued) touch(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Annotations = map[string]string{"touched": "yes"}
	if err := q.Update(ctx, cm); err != nil {
		logf.FromContext(ctx).Error(err, "touching")
	}
}

// A failed status write in the helper, then the caller writes the status
// again: the second write carries what the first would have.
type Rewritten struct{ client.Client }

func (s *Rewritten) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := &corev1.Pod{}
	if err := s.Get(ctx, req.NamespacedName, pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s.markSeen(ctx, pod)
	pod.Status.Message = "reconciled"
	return ctrl.Result{}, s.Status().Update(ctx, pod)
}

func (s *Rewritten) markSeen(ctx context.Context, pod *corev1.Pod) {
	pod.Status.Reason = "Seen"
	if err := s.Status().Update(ctx, pod); err != nil {
		logf.FromContext(ctx).Error(err, "marking seen")
	}
}
