package controller

import (
	"context"
	"fmt"
	"sort"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/recorder"

	webappv1alpha1 "example.com/guestbook-operator/api/v1alpha1"
	"example.com/guestbook-operator/internal/dump"
)

const (
	// backupFinalizer lets the controller release the backup's volume.
	// Its name predates the project's domain.
	backupFinalizer = "backup-cleanup" // expect: finalizername

	// backupDataFinalizer keeps a dump volume while its backup exists.
	backupDataFinalizer = "webapp.example.com/backup-data"

	// backupOwnerKey indexes one-shot backups by the recurring backup that
	// created them.
	backupOwnerKey = ".metadata.controller"

	defaultHistoryLimit = 3
)

// GuestbookBackupReconciler reconciles a GuestbookBackup object. A one-shot
// backup dumps the guestbook's redis onto a volume of its own with a Job; a
// recurring backup (spec.interval set) creates a one-shot backup every
// interval and prunes the old ones.
type GuestbookBackupReconciler struct {
	client.Client
	Scheme *runtime.Scheme

	// Recorder reports finished backups as events. No rbac marker of the
	// module grants events: they are dropped in the cluster.
	Recorder recorder.EventRecorder
}

// +kubebuilder:rbac:groups=webapp.example.com,resources=guestbookbackups,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=webapp.example.com,resources=guestbookbackups/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=webapp.example.com,resources=guestbookbackups/finalizers,verbs=update
// +kubebuilder:rbac:groups=webapp.example.com,resources=guestbooks,verbs=get;list;watch;update;patch
// +kubebuilder:rbac:groups=batch,resources=jobs,verbs=get;list;watch;create;delete
// +kubebuilder:rbac:groups=core,resources=persistentvolumeclaims,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=core,resources=secrets,verbs=get;list;watch

// Reconcile runs a one-shot backup or schedules the next one of a
// recurring backup.
func (r *GuestbookBackupReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)

	backup := &webappv1alpha1.GuestbookBackup{}
	if err := r.Get(ctx, req.NamespacedName, backup); err != nil {
		return ctrl.Result{}, err // expect: notfounderr
	}
	if schedule := scheduledBy(backup); schedule != "" {
		log = log.WithValues("schedule", schedule)
	}

	if isBeingDeleted(backup) {
		if !controllerutil.ContainsFinalizer(backup, backupFinalizer) {
			return ctrl.Result{}, nil
		}
		released, err := r.releaseStorage(ctx, backup)
		if err != nil {
			log.Error(err, "Failed to release the backup volume")
			return ctrl.Result{}, err
		}
		if !released {
			return ctrl.Result{RequeueAfter: volumePollInterval}, nil
		}
		controllerutil.RemoveFinalizer(backup, backupFinalizer)
		return ctrl.Result{}, r.Update(ctx, backup)
	}

	if backup.Spec.Interval != nil {
		// Recurring backup: prune the finished one-shot backups beyond the
		// history limit, then create the next one when it is due.
		var children webappv1alpha1.GuestbookBackupList
		if err := r.List(ctx, &children, client.InNamespace(backup.Namespace), client.MatchingFields{backupOwnerKey: backup.Name}); err != nil {
			return ctrl.Result{}, err
		}
		var finished []*webappv1alpha1.GuestbookBackup
		for i := range children.Items {
			child := &children.Items[i]
			if isBeingDeleted(child) {
				continue
			}
			if p := child.Status.Phase; p == webappv1alpha1.BackupCompleted || p == webappv1alpha1.BackupFailed {
				finished = append(finished, child)
			}
		}
		sort.Slice(finished, func(i, j int) bool {
			return finished[i].CreationTimestamp.Before(&finished[j].CreationTimestamp)
		})
		limit := defaultHistoryLimit
		if backup.Spec.HistoryLimit != nil {
			limit = int(*backup.Spec.HistoryLimit)
		}
		for len(finished) > limit {
			if err := r.Delete(ctx, finished[0]); client.IgnoreNotFound(err) != nil {
				return ctrl.Result{}, err
			}
			finished = finished[1:]
		}

		now := metav1.Now()
		interval := backup.Spec.Interval.Duration
		if last := backup.Status.LastScheduleTime; last != nil {
			if next := last.Add(interval); now.Time.Before(next) {
				return ctrl.Result{RequeueAfter: next.Sub(now.Time)}, nil
			}
		}

		child := &webappv1alpha1.GuestbookBackup{
			ObjectMeta: metav1.ObjectMeta{
				Namespace: backup.Namespace,
				Name:      fmt.Sprintf("%s-%d", backup.Name, now.Unix()),
			},
			Spec: webappv1alpha1.GuestbookBackupSpec{
				GuestbookName: backup.Spec.GuestbookName,
				StorageSize:   backup.Spec.StorageSize,
			},
		}
		if err := ctrl.SetControllerReference(backup, child, r.Scheme); err != nil {
			return ctrl.Result{}, err
		}
		if err := r.Create(ctx, child); client.IgnoreAlreadyExists(err) != nil {
			return ctrl.Result{}, err
		}
		log.Info("Started a scheduled backup", "backup", child.Name)

		backup.Status.LastScheduleTime = &now
		if err := r.Status().Update(ctx, backup); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{RequeueAfter: interval}, nil
	}

	// One-shot backup.
	switch backup.Status.Phase {
	case webappv1alpha1.BackupCompleted, webappv1alpha1.BackupFailed:
		return r.pruneDumpJob(ctx, backup)
	}

	// A backup may ask to start later. Nothing wakes the reconciler when
	// that time comes: the annotation's own change was the last event.
	if at, ok := notBefore(backup); ok && time.Now().Before(at) {
		log.Info("Backup not due yet", "notBefore", at)
		return ctrl.Result{}, nil // expect: timewait
	}

	if controllerutil.AddFinalizer(backup, backupFinalizer) {
		if err := r.Update(ctx, backup); err != nil {
			return ctrl.Result{}, err
		}
	}

	gb := &webappv1alpha1.Guestbook{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: backup.Namespace, Name: backup.Spec.GuestbookName}, gb); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, r.setPhase(ctx, backup, webappv1alpha1.BackupFailed,
				fmt.Sprintf("guestbook %q not found", backup.Spec.GuestbookName))
		}
		return ctrl.Result{}, err
	}

	// The volume that receives the dump.
	pvc := &corev1.PersistentVolumeClaim{}
	err := r.Get(ctx, types.NamespacedName{Namespace: backup.Namespace, Name: storageName(backup)}, pvc)
	if apierrors.IsNotFound(err) {
		pvc = newBackupVolume(backup)
		if err := ctrl.SetControllerReference(backup, backup, r.Scheme); err != nil { // expect: selfowner
			return ctrl.Result{}, err
		}
		if err := r.Create(ctx, pvc); err != nil {
			return ctrl.Result{}, err
		}
		log.Info("Created the backup volume", "persistentVolumeClaim", pvc.Name)
		// Let the cache see the volume before the Job refers to it.
		return ctrl.Result{}, nil // expect: lostwakeup
	}
	if err != nil {
		return ctrl.Result{}, err
	}

	job := &batchv1.Job{}
	err = r.Get(ctx, types.NamespacedName{Namespace: backup.Namespace, Name: dumpJobName(backup)}, job)
	if apierrors.IsNotFound(err) {
		// The frontend turns read-only while its store is dumped.
		if err := dump.MarkGuestbook(ctx, r.Client, client.ObjectKeyFromObject(gb), backup.Name); err != nil { // expect: updatepatch
			return ctrl.Result{}, err
		}
		job = newDumpJob(backup, fmt.Sprintf("%s.%s.svc", gb.Name, gb.Namespace), pvc)
		if err := ctrl.SetControllerReference(backup, job, r.Scheme); err != nil {
			return ctrl.Result{}, err
		}
		if err := r.Create(ctx, job); err != nil {
			return ctrl.Result{}, err
		}
		log.Info("Started the dump Job", "job", job.Name)
		// No action: the API server rejects this events.k8s.io event and
		// the recorder drops it ("Completed" below names its action, "Dump").
		r.Recorder.Eventf(backup, gb, corev1.EventTypeNormal, "Started", "", "dumping guestbook %s", gb.Name) // expect: eventtype
		// The Job is owned: its completion brings us back here.
		return ctrl.Result{}, nil
	}
	if err != nil {
		return ctrl.Result{}, err
	}
	if !metav1.IsControlledBy(job, backup) {
		// Left by an earlier backup of the same name: make room for ours.
		// Named no propagation policy, so its pod stays behind.
		if err := r.Delete(ctx, job); client.IgnoreNotFound(err) != nil { // expect: orphandelete
			return ctrl.Result{}, err
		}
		return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
	}

	switch {
	case jobFinished(job, batchv1.JobComplete):
		if err := dump.UnmarkGuestbook(ctx, r.Client, client.ObjectKeyFromObject(gb)); err != nil {
			return ctrl.Result{}, err
		}
		r.Recorder.Eventf(backup, gb, corev1.EventTypeNormal, "Completed", "Dump", "dumped guestbook %s", gb.Name)
		return ctrl.Result{}, r.setPhase(ctx, backup, webappv1alpha1.BackupCompleted, "")
	case jobFinished(job, batchv1.JobFailed):
		if err := dump.UnmarkGuestbook(ctx, r.Client, client.ObjectKeyFromObject(gb)); err != nil {
			return ctrl.Result{}, err
		}
		// "Error" is no event type: the recorder drops this one.
		r.Recorder.Eventf(backup, gb, "Error", "Failed", "Dump", "the dump of guestbook %s failed", gb.Name) // expect: eventtype
		return ctrl.Result{}, r.setPhase(ctx, backup, webappv1alpha1.BackupFailed, "the dump Job failed")
	}
	if backup.Status.Phase != webappv1alpha1.BackupRunning {
		backup.Status.Phase = webappv1alpha1.BackupRunning
		if err := r.Status().Update(ctx, backup); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// setPhase records the outcome of a one-shot backup.
func (r *GuestbookBackupReconciler) setPhase(ctx context.Context, backup *webappv1alpha1.GuestbookBackup, phase webappv1alpha1.BackupPhase, message string) error {
	now := metav1.Now()
	backup.Status.Phase = phase
	backup.Status.Message = message
	backup.Status.CompletionTime = &now
	return r.Update(ctx, backup) // expect: statuswriter
}

// pruneDumpJob deletes the dump Job of a finished backup (the volume
// keeps the dump). A failed lookup is only logged and the reconcile ends
// in success: the finished Job sends no more events, so nothing retries
// the deletion and the Job and its pod stay.
func (r *GuestbookBackupReconciler) pruneDumpJob(ctx context.Context, backup *webappv1alpha1.GuestbookBackup) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	job := &batchv1.Job{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: backup.Namespace, Name: dumpJobName(backup)}, job); err != nil {
		if !apierrors.IsNotFound(err) {
			log.Error(err, "Failed to look up the dump Job") // expect: droppederr
		}
	} else if err := r.Delete(ctx, job, client.PropagationPolicy(metav1.DeletePropagationBackground)); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// releaseStorage removes our finalizer from the backup's volume and deletes
// it. It reports true once the volume is gone.
func (r *GuestbookBackupReconciler) releaseStorage(ctx context.Context, backup *webappv1alpha1.GuestbookBackup) (bool, error) {
	pvc := &corev1.PersistentVolumeClaim{}
	err := r.Get(ctx, types.NamespacedName{Namespace: backup.Namespace, Name: storageName(backup)}, pvc)
	if apierrors.IsNotFound(err) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	// Drop our finalizer whether or not the volume is being deleted
	// already: a volume somebody else deleted waits for us too.
	if controllerutil.ContainsFinalizer(pvc, backupDataFinalizer) {
		// The lock: the volume's other finalizers (kubernetes.io/pvc-protection)
		// are not ours to drop.
		patch := client.MergeFromWithOptions(pvc.DeepCopy(), client.MergeFromWithOptimisticLock{})
		controllerutil.RemoveFinalizer(pvc, backupDataFinalizer)
		if err := r.Patch(ctx, pvc, patch); err != nil {
			return false, err
		}
	}
	if !isBeingDeleted(pvc) {
		if err := r.Delete(ctx, pvc); client.IgnoreNotFound(err) != nil {
			return false, err
		}
	}
	return false, nil
}

// SetupWithManager sets up the controller with the Manager.
func (r *GuestbookBackupReconciler) SetupWithManager(mgr ctrl.Manager) error {
	if err := mgr.GetFieldIndexer().IndexField(context.Background(), &webappv1alpha1.GuestbookBackup{}, backupOwnerKey, func(obj client.Object) []string {
		owner := metav1.GetControllerOf(obj)
		if owner == nil || owner.APIVersion != webappv1alpha1.GroupVersion.String() || owner.Kind != "GuestbookBackup" {
			return nil
		}
		return []string{owner.Name}
	}); err != nil {
		return err
	}

	return ctrl.NewControllerManagedBy(mgr).
		For(&webappv1alpha1.GuestbookBackup{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})). // expect: metaedits
		// The one-shot backups a recurring backup starts are its children.
		Owns(&webappv1alpha1.GuestbookBackup{}). // expect: selfwatch
		Owns(&batchv1.Job{}).
		// The storage credentials of the backups: a rotated Secret must
		// reach the backups of its namespace. Secrets have no generation.
		Watches(&corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(r.backupsInNamespace), builder.WithPredicates(predicate.GenerationChangedPredicate{})). // expect: nogeneration
		Named("guestbookbackup").
		Complete(r)
}

// backupsInNamespace maps a Secret to the backups of its namespace, which
// read their storage credentials from it.
func (r *GuestbookBackupReconciler) backupsInNamespace(ctx context.Context, obj client.Object) []reconcile.Request {
	var list webappv1alpha1.GuestbookBackupList
	if err := r.List(ctx, &list, client.InNamespace(obj.GetNamespace())); err != nil {
		logf.FromContext(ctx).Error(err, "listing the backups of a Secret's namespace")
		return nil
	}
	reqs := make([]reconcile.Request, 0, len(list.Items))
	for _, b := range list.Items {
		reqs = append(reqs, reconcile.Request{NamespacedName: types.NamespacedName{Namespace: b.Namespace, Name: b.Name}})
	}
	return reqs
}

// notBeforeAnnotation on a one-shot backup holds the earliest time to
// start it, in RFC 3339.
const notBeforeAnnotation = "webapp.example.com/not-before"

func notBefore(backup *webappv1alpha1.GuestbookBackup) (time.Time, bool) {
	at, err := time.Parse(time.RFC3339, backup.Annotations[notBeforeAnnotation])
	return at, err == nil
}
