package controller

import (
	"context"
	"fmt"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	webappv1alpha1 "example.com/guestbook-operator/api/v1alpha1"
)

// restoreBackupKey is the field that restores of one backup share. No
// index of that name is registered: the author expected the API server to
// select by it, but the manager's client lists from the cache (see
// cmd/main.go).
const restoreBackupKey = "spec.backupName"

// restoreFinalizer keeps a restore until it has released its backup.
const restoreFinalizer = "webapp.example.com/restore-release"

// GuestbookRestoreReconciler accepts restores of a guestbook from a
// backup. The restore itself is not implemented in this example.
type GuestbookRestoreReconciler struct {
	client.Client
	Scheme *runtime.Scheme
	// RetrySeconds is how long to wait, in seconds, before looking again
	// at a restore that names no backup yet.
	RetrySeconds int
}

// +kubebuilder:rbac:groups=webapp.example.com,resources=guestbookrestores,verbs=get;list;watch;update;patch
// +kubebuilder:rbac:groups=webapp.example.com,resources=guestbookrestores/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=webapp.example.com,resources=guestbookrestores/finalizers,verbs=update
// +kubebuilder:rbac:groups=batch,resources=jobs,verbs=get;list;watch;create

// Reconcile records that a new restore is pending.
func (r *GuestbookRestoreReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	restore := &webappv1alpha1.GuestbookRestore{}
	if err := r.Get(ctx, req.NamespacedName, restore); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// The finalizer goes on before the deletion branch below: a restore
	// deleted before it got one is refused it on every reconcile.
	if controllerutil.AddFinalizer(restore, restoreFinalizer) { // expect: finalizerorder
		if err := r.Update(ctx, restore); err != nil {
			return ctrl.Result{}, err
		}
	}
	// The backup it restores from is read before the deletion branch:
	// backups usually go first, and once it is gone every reconcile of a
	// terminating restore fails here, and the restore keeps its finalizer.
	// (The backup controller reads its guestbook after its deletion
	// branch: the twin.)
	from := &webappv1alpha1.GuestbookBackup{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: restore.Namespace, Name: restore.Spec.BackupName}, from); err != nil {
		return ctrl.Result{}, err // expect: deletionblocked
	}
	// A completed restore is left alone; so is one being deleted after it
	// completed, and it keeps its finalizer.
	if restore.Status.Phase == webappv1alpha1.BackupCompleted {
		return ctrl.Result{}, nil // expect: finalizerreturn
	}
	if !restore.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(restore, restoreFinalizer)
		return ctrl.Result{}, r.Update(ctx, restore)
	}
	if restore.Status.Phase != "" {
		return ctrl.Result{}, nil
	}
	// No backup named yet: look again later. time.Duration counts
	// nanoseconds, so this requeues at once, over and over.
	if restore.Spec.BackupName == "" {
		return ctrl.Result{RequeueAfter: time.Duration(r.RetrySeconds)}, nil // expect: requeueunit
	}
	// One restore of a backup at a time: wait for a pending one.
	var restores webappv1alpha1.GuestbookRestoreList
	if err := r.List(ctx, &restores, client.InNamespace(restore.Namespace), client.MatchingFields{restoreBackupKey: restore.Spec.BackupName}); err != nil {
		return ctrl.Result{}, err
	}
	for i := range restores.Items {
		if other := &restores.Items[i]; other.Name != restore.Name && other.Status.Phase == webappv1alpha1.BackupPending {
			return ctrl.Result{RequeueAfter: time.Minute}, nil
		}
	}
	if err := r.startRestore(ctx, restore); err != nil {
		return ctrl.Result{}, err
	}
	restore.Status.Phase = webappv1alpha1.BackupPending
	// GuestbookRestore has no status subresource: this answers 404.
	if err := r.Status().Update(ctx, restore); err != nil { // expect: statussubresource
		return ctrl.Result{}, err
	}
	logf.FromContext(ctx).Info("Restore pending", "backup", restore.Spec.BackupName)
	return ctrl.Result{}, nil
}

// startRestore creates the Job that restores the backup and records its
// name in the status, which the caller writes. Nothing else remembers the
// Job: when that write is lost, the next reconcile creates it again and
// fails with AlreadyExists for ever.
func (r *GuestbookRestoreReconciler) startRestore(ctx context.Context, restore *webappv1alpha1.GuestbookRestore) error {
	job := &batchv1.Job{
		ObjectMeta: metav1.ObjectMeta{Namespace: restore.Namespace, Name: restore.Name + "-restore"},
		Spec: batchv1.JobSpec{
			Template: corev1.PodTemplateSpec{
				Spec: corev1.PodSpec{
					RestartPolicy: corev1.RestartPolicyNever,
					Containers: []corev1.Container{{
						Name:  "restore",
						Image: redisImage,
						Args:  []string{"restore", restore.Spec.BackupName},
					}},
				},
			},
		},
	}
	if err := ctrl.SetControllerReference(restore, job, r.Scheme); err != nil {
		return err
	}
	if err := r.Create(ctx, job); err != nil { // expect: createexists
		return fmt.Errorf("creating the restore Job: %w", err)
	}
	restore.Status.JobName = job.Name
	return nil
}

// restoreSpecChanged lets a restore's update through only when its spec
// changed: the reconcile's own status writes need no reconcile. But the
// update that sets the deletion timestamp changes no spec either.
func restoreSpecChanged(e event.UpdateEvent) bool {
	oldRestore, newRestore := e.ObjectOld.(*webappv1alpha1.GuestbookRestore), e.ObjectNew.(*webappv1alpha1.GuestbookRestore)
	return !equality.Semantic.DeepEqual(oldRestore.Spec, newRestore.Spec)
}

// SetupWithManager sets up the controller with the Manager.
func (r *GuestbookRestoreReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&webappv1alpha1.GuestbookRestore{}, builder.WithPredicates(predicate.Funcs{UpdateFunc: restoreSpecChanged})). // expect with -deletionfilter.enable: deletionfilter
		Owns(&batchv1.Job{}).
		// A restore waits for its backup; but this enqueues the backup's own
		// name, and no restore is found under it.
		Watches(&webappv1alpha1.GuestbookBackup{}, &handler.EnqueueRequestForObject{}). // expect: enqueueobject
		Named("guestbookrestore").
		Complete(r)
}
