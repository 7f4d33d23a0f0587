package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	webappv1alpha1 "example.com/guestbook-operator/api/v1alpha1"
)

// Writes that do less than they say: steps of the reconcilers kept apart.

// frontendSettings keeps the frontend's settings in a ConfigMap (left to
// the namespace's cleanup: no owner). The data is set before
// CreateOrUpdate, which reads the live ConfigMap over it: a changed title
// never reaches an existing ConfigMap.
func (r *GuestbookReconciler) frontendSettings(ctx context.Context, gb *webappv1alpha1.Guestbook) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: gb.Name + "-frontend", Namespace: gb.Namespace}}
	cm.Data = map[string]string{"title": gb.Name}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error { // expect: mutateoutside
		cm.Labels = map[string]string{"app": gb.Name}
		return nil
	})
	return err
}

// redisSettings is the twin: the data is set inside the mutate function.
func (r *GuestbookReconciler) redisSettings(ctx context.Context, gb *webappv1alpha1.Guestbook) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: gb.Name + "-redis-settings", Namespace: gb.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error {
		cm.Labels = map[string]string{"app": gb.Name}
		cm.Data = map[string]string{"maxmemory": "64mb"}
		return nil
	})
	return err
}

// applyMetricsService applies the metrics Service from the typed struct
// converted whole: the zero values (the port's targetPort: 0) become
// fields this manager owns.
func (r *GuestbookReconciler) applyMetricsService(ctx context.Context, gb *webappv1alpha1.Guestbook) error {
	svc := &corev1.Service{
		TypeMeta:   metav1.TypeMeta{APIVersion: "v1", Kind: "Service"},
		ObjectMeta: metav1.ObjectMeta{Name: gb.Name + "-metrics", Namespace: gb.Namespace},
		Spec: corev1.ServiceSpec{
			Selector: map[string]string{"app": gb.Name},
			Ports:    []corev1.ServicePort{{Name: "metrics", Port: 9121}},
		},
	}
	content, err := runtime.DefaultUnstructuredConverter.ToUnstructured(svc)
	if err != nil {
		return err
	}
	return r.Patch(ctx, &unstructured.Unstructured{Object: content}, client.Apply, client.FieldOwner("guestbook")) // expect: applyconverted
}

// applyAdminService is the twin: an apply configuration holds only the
// fields set.
func (r *GuestbookReconciler) applyAdminService(ctx context.Context, gb *webappv1alpha1.Guestbook) error {
	svc := corev1ac.Service(gb.Name+"-admin", gb.Namespace).
		WithSpec(corev1ac.ServiceSpec().
			WithSelector(map[string]string{"app": gb.Name}).
			WithPorts(corev1ac.ServicePort().WithName("admin").WithPort(8081)))
	return r.Apply(ctx, svc, client.FieldOwner("guestbook"))
}

// retireFrontendTitle drops the retired key of the frontend's settings.
// client.Merge sends the ConfigMap read, whole, with its resourceVersion:
// the deleted key is not in the patch and stays, and any write since the
// Get makes the patch a 409 Conflict.
func (r *GuestbookReconciler) retireFrontendTitle(ctx context.Context, gb *webappv1alpha1.Guestbook) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, client.ObjectKey{Name: gb.Name + "-frontend", Namespace: gb.Namespace}, cm); err != nil {
		return client.IgnoreNotFound(err)
	}
	delete(cm.Data, "legacyTitle")
	return r.Patch(ctx, cm, client.Merge) // expect: wholemerge
}

// retireRedisMemory is the twin: the difference from a copy taken right
// after the read, where the deleted key is null.
func (r *GuestbookReconciler) retireRedisMemory(ctx context.Context, gb *webappv1alpha1.Guestbook) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, client.ObjectKey{Name: gb.Name + "-redis-settings", Namespace: gb.Namespace}, cm); err != nil {
		return client.IgnoreNotFound(err)
	}
	patch := client.MergeFrom(cm.DeepCopy())
	delete(cm.Data, "legacyMaxmemory")
	return r.Patch(ctx, cm, patch)
}

// retireOldSettings deletes the settings ConfigMaps a former release
// labelled retired. The List names no namespace: another guestbook of the
// same name in another namespace has ConfigMaps with the same labels, and
// this guestbook's reconcile deletes them too.
func (r *GuestbookReconciler) retireOldSettings(ctx context.Context, gb *webappv1alpha1.Guestbook) error {
	var cms corev1.ConfigMapList
	if err := r.List(ctx, &cms, client.MatchingLabels{"app": gb.Name, "webapp.example.com/retired": "true"}); err != nil { // expect with -listnamespace.enable: listnamespace
		return err
	}
	for i := range cms.Items {
		if err := r.Delete(ctx, &cms.Items[i]); client.IgnoreNotFound(err) != nil {
			return err
		}
	}
	return nil
}

// retireOldServices is the twin: the List keeps to the guestbook's
// namespace.
func (r *GuestbookReconciler) retireOldServices(ctx context.Context, gb *webappv1alpha1.Guestbook) error {
	var svcs corev1.ServiceList
	if err := r.List(ctx, &svcs, client.MatchingLabels{"app": gb.Name, "webapp.example.com/retired": "true"}, client.InNamespace(gb.Namespace)); err != nil {
		return err
	}
	for i := range svcs.Items {
		if err := r.Delete(ctx, &svcs.Items[i]); client.IgnoreNotFound(err) != nil {
			return err
		}
	}
	return nil
}

// startDump marks a one-shot backup running and labels it with its
// guestbook. The label's Update reads the server's copy back into the
// backup, so the status write after it sends the old phase.
func (r *GuestbookBackupReconciler) startDump(ctx context.Context, backup *webappv1alpha1.GuestbookBackup) error {
	backup.Status.Phase = webappv1alpha1.BackupRunning
	backup.Labels = map[string]string{"webapp.example.com/guestbook": backup.Spec.GuestbookName}
	if err := r.Update(ctx, backup); err != nil { // expect: statuslost
		return err
	}
	return r.Status().Update(ctx, backup)
}

// finishDump is the twin: the label first, the phase after its Update.
func (r *GuestbookBackupReconciler) finishDump(ctx context.Context, backup *webappv1alpha1.GuestbookBackup) error {
	backup.Labels = map[string]string{"webapp.example.com/dumped": "true"}
	if err := r.Update(ctx, backup); err != nil {
		return err
	}
	backup.Status.Phase = webappv1alpha1.BackupCompleted
	return r.Status().Update(ctx, backup)
}
