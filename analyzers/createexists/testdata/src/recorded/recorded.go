package recorded

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/recorded/api"
)

// The Secret's creation is recorded only in the Config's status, which
// the reconcile writes after it: when that write is lost, the next
// reconcile creates the Secret again (cluster-api's storeBootstrapData
// before 5bb84f7968).
type ConfigReconciler struct{ client.Client }

func (r *ConfigReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cfg := &api.Config{}
	if err := r.Get(ctx, req.NamespacedName, cfg); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cfg.Status.Ready {
		return ctrl.Result{}, nil
	}
	if err := r.storeData(ctx, cfg, []byte("data")); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Status().Update(ctx, cfg)
}

func (r *ConfigReconciler) storeData(ctx context.Context, cfg *api.Config, data []byte) error {
	secret := &corev1.Secret{
		ObjectMeta: metav1.ObjectMeta{Name: cfg.Name, Namespace: cfg.Namespace},
		Data:       map[string][]byte{"value": data},
	}
	if err := r.Create(ctx, secret); err != nil { // want `Create of v1.Secret with a fixed name \(not GenerateName\) is recorded only in Status.DataSecretName, written after it, and its error is returned`
		return fmt.Errorf("creating the data secret of %s: %w", cfg.Name, err)
	}
	cfg.Status.DataSecretName = ptr.To(secret.Name)
	cfg.Status.Ready = true
	return nil
}

// Twin, as fixed: an existing Secret is adopted.
type AdoptingReconciler struct{ client.Client }

func (r *AdoptingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cfg := &api.Config{}
	if err := r.Get(ctx, req.NamespacedName, cfg); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cfg.Status.Ready {
		return ctrl.Result{}, nil
	}
	if err := r.storeData(ctx, cfg, []byte("data")); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Status().Update(ctx, cfg)
}

func (r *AdoptingReconciler) storeData(ctx context.Context, cfg *api.Config, data []byte) error {
	secret := &corev1.Secret{
		ObjectMeta: metav1.ObjectMeta{Name: cfg.Name, Namespace: cfg.Namespace},
		Data:       map[string][]byte{"value": data},
	}
	if err := r.Create(ctx, secret); err != nil {
		if !apierrors.IsAlreadyExists(err) {
			return fmt.Errorf("creating the data secret of %s: %w", cfg.Name, err)
		}
	}
	cfg.Status.DataSecretName = ptr.To(secret.Name)
	cfg.Status.Ready = true
	return nil
}

// Twin: the caller looks the Secret up first and creates it on NotFound.
type LookupReconciler struct{ client.Client }

func (r *LookupReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cfg := &api.Config{}
	if err := r.Get(ctx, req.NamespacedName, cfg); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	existing := &corev1.Secret{}
	err := r.Get(ctx, client.ObjectKeyFromObject(cfg), existing)
	if err == nil || !apierrors.IsNotFound(err) {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.storeData(ctx, cfg, []byte("data")); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Status().Update(ctx, cfg)
}

func (r *LookupReconciler) storeData(ctx context.Context, cfg *api.Config, data []byte) error {
	secret := &corev1.Secret{
		ObjectMeta: metav1.ObjectMeta{Name: cfg.Name, Namespace: cfg.Namespace},
		Data:       map[string][]byte{"value": data},
	}
	if err := r.Create(ctx, secret); err != nil {
		return err
	}
	cfg.Status.DataSecretName = ptr.To(secret.Name)
	return nil
}

// Twin: a generated name never collides.
type GeneratedReconciler struct{ client.Client }

func (r *GeneratedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cfg := &api.Config{}
	if err := r.Get(ctx, req.NamespacedName, cfg); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cfg.Status.Ready {
		return ctrl.Result{}, nil
	}
	if err := r.storeData(ctx, cfg); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Status().Update(ctx, cfg)
}

func (r *GeneratedReconciler) storeData(ctx context.Context, cfg *api.Config) error {
	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{GenerateName: cfg.Name + "-", Namespace: cfg.Namespace}}
	if err := r.Create(ctx, secret); err != nil {
		return err
	}
	cfg.Status.DataSecretName = ptr.To(secret.Name)
	return nil
}

// Twin: the caller lists the Secrets first, a lookup of the created type.
type ListingReconciler struct{ client.Client }

func (r *ListingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cfg := &api.Config{}
	if err := r.Get(ctx, req.NamespacedName, cfg); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var secrets corev1.SecretList
	if err := r.List(ctx, &secrets, client.InNamespace(cfg.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	if len(secrets.Items) > 0 {
		return ctrl.Result{}, nil
	}
	if err := r.storeData(ctx, cfg); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Status().Update(ctx, cfg)
}

func (r *ListingReconciler) storeData(ctx context.Context, cfg *api.Config) error {
	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: cfg.Name, Namespace: cfg.Namespace}}
	if err := r.Create(ctx, secret); err != nil {
		return err
	}
	cfg.Status.DataSecretName = ptr.To(secret.Name)
	return nil
}

// The Run is named after the time it is scheduled for, and only that time
// is recorded in the status: when the status write is lost, the next
// reconcile computes the same time, hence the same name, and fails with
// AlreadyExists for ever (cloudnative-pg's scheduled backups before
// 519f8f3935). A constructor of another package makes the Run.
type ScheduleReconciler struct{ client.Client }

func (r *ScheduleReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &api.Schedule{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	next := nextRun(s)
	if now := time.Now(); now.Before(next) {
		return ctrl.Result{RequeueAfter: next.Sub(now)}, nil
	}
	return ctrl.Result{}, r.createRun(ctx, s, next, time.Now())
}

func nextRun(s *api.Schedule) time.Time {
	if last := s.Status.LastScheduleTime; last != nil {
		return last.Add(time.Hour)
	}
	return s.CreationTimestamp.Add(time.Hour)
}

func (r *ScheduleReconciler) createRun(ctx context.Context, s *api.Schedule, at, now time.Time) error {
	run := s.NewRun(fmt.Sprintf("%s-%d", s.Name, at.Unix()))
	if err := r.Create(ctx, run); err != nil { // want `Create of api.Run with a fixed name \(not GenerateName\) is recorded only in Status.LastScheduleTime`
		return err
	}
	s.Status.LastCheckTime = &metav1.Time{Time: now}
	s.Status.LastScheduleTime = &metav1.Time{Time: at}
	return r.Status().Update(ctx, s)
}

// Twin: the status records only when it looked, not the time the name is
// made from; what the next reconcile computes is not told by this write.
type CheckTimeReconciler struct{ client.Client }

func (r *CheckTimeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &api.Schedule{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, r.createRun(ctx, s, nextRun(s), time.Now())
}

func (r *CheckTimeReconciler) createRun(ctx context.Context, s *api.Schedule, at, now time.Time) error {
	run := s.NewRun(fmt.Sprintf("%s-%d", s.Name, at.Unix()))
	if err := r.Create(ctx, run); err != nil {
		return err
	}
	s.Status.LastCheckTime = &metav1.Time{Time: now}
	return r.Status().Update(ctx, s)
}

// Twin, as fixed: the Run of that time is looked up first and adopted.
type AdoptingScheduleReconciler struct{ client.Client }

func (r *AdoptingScheduleReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &api.Schedule{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	next := nextRun(s)
	existing := &api.Run{}
	err := r.Get(ctx, client.ObjectKey{Namespace: s.Namespace, Name: fmt.Sprintf("%s-%d", s.Name, next.Unix())}, existing)
	if err == nil {
		s.Status.LastScheduleTime = &metav1.Time{Time: next}
		return ctrl.Result{}, r.Status().Update(ctx, s)
	}
	if !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.createRun(ctx, s, next)
}

func (r *AdoptingScheduleReconciler) createRun(ctx context.Context, s *api.Schedule, at time.Time) error {
	run := s.NewRun(fmt.Sprintf("%s-%d", s.Name, at.Unix()))
	if err := r.Create(ctx, run); err != nil {
		return err
	}
	s.Status.LastScheduleTime = &metav1.Time{Time: at}
	return r.Status().Update(ctx, s)
}
