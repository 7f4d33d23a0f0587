package getabsent

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
)

type Reconciler struct {
	client.Client
}

func desired(owner *corev1.Pod) *corev1.Service {
	return &corev1.Service{ObjectMeta: owner.ObjectMeta}
}

// Any error of the Get is only logged; the Service is then taken as
// absent (it has no name), and its Create may fail as AlreadyExists, which
// is let through: the update of the Service that exists is skipped, and
// the reconcile succeeds.
func (r *Reconciler) logged(ctx context.Context, owner *corev1.Pod) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	svc := &corev1.Service{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(owner), svc); err != nil {
		log.Error(err, "getting the service") // want `the error of Get is only logged, then logged goes on as if the object did not exist: it creates it at line \d+, and returns success when that Create fails because the object exists after all \(AlreadyExists\); what the reconcile does to an existing object is skipped, and nothing retries it until the next event; return the error`
	}
	if svc.Name == "" {
		if err := r.Create(ctx, desired(owner)); client.IgnoreAlreadyExists(err) != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}
	svc.Spec.Selector = owner.Labels
	return ctrl.Result{}, r.Update(ctx, svc)
}

// The errors other than NotFound are logged, then the Get's error decides
// the creation: on a transient error the Service is created as if absent.
func (r *Reconciler) otherThanNotFound(ctx context.Context, owner *corev1.Pod) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	svc := &corev1.Service{}
	err := r.Get(ctx, client.ObjectKeyFromObject(owner), svc)
	if err != nil && !apierrors.IsNotFound(err) {
		log.Error(err, "getting the service") // want `the error of Get is only logged, then otherThanNotFound goes on as if the object did not exist: it creates it at line \d+`
	}
	if err != nil {
		if err := r.Create(ctx, desired(owner)); err != nil && !apierrors.IsAlreadyExists(err) {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}
	svc.Spec.Selector = owner.Labels
	return ctrl.Result{}, r.Update(ctx, svc)
}

// The same spelt with client.IgnoreNotFound, and the Get's own object
// filled and created.
func (r *Reconciler) ignoreNotFound(ctx context.Context, owner *corev1.Pod) error {
	svc := &corev1.Service{}
	err := r.Get(ctx, client.ObjectKeyFromObject(owner), svc)
	if client.IgnoreNotFound(err) != nil {
		logf.FromContext(ctx).Info("no service", "error", err) // want `the error of Get is only logged, then ignoreNotFound goes on as if the object did not exist: it creates it at line \d+`
	}
	if svc.CreationTimestamp.IsZero() {
		svc.ObjectMeta = owner.ObjectMeta
		return client.IgnoreAlreadyExists(r.Create(ctx, svc))
	}
	svc.Spec.Selector = owner.Labels
	return r.Update(ctx, svc)
}

// Twins, not reported.

// The Get's error returned.
func (r *Reconciler) returned(ctx context.Context, owner *corev1.Pod) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	svc := &corev1.Service{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(owner), svc); client.IgnoreNotFound(err) != nil {
		log.Error(err, "getting the service")
		return ctrl.Result{}, err
	}
	if svc.Name == "" {
		if err := r.Create(ctx, desired(owner)); client.IgnoreAlreadyExists(err) != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}
	svc.Spec.Selector = owner.Labels
	return ctrl.Result{}, r.Update(ctx, svc)
}

// Only NotFound creates; any other error is returned.
func (r *Reconciler) notFoundOnly(ctx context.Context, owner *corev1.Pod) (ctrl.Result, error) {
	svc := &corev1.Service{}
	err := r.Get(ctx, client.ObjectKeyFromObject(owner), svc)
	if apierrors.IsNotFound(err) {
		logf.FromContext(ctx).Info("creating the service")
		if err := r.Create(ctx, desired(owner)); client.IgnoreAlreadyExists(err) != nil {
			return ctrl.Result{}, err
		}
	} else if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Every error logged, but only NotFound creates; another error goes on to
// the update of an object never read, whose error is returned.
func (r *Reconciler) loggedNotFoundCreates(ctx context.Context, owner *corev1.Pod) (ctrl.Result, error) {
	svc := &corev1.Service{}
	err := r.Get(ctx, client.ObjectKeyFromObject(owner), svc)
	if err != nil {
		logf.FromContext(ctx).Error(err, "getting the service")
	}
	if apierrors.IsNotFound(err) {
		if err := r.Create(ctx, desired(owner)); client.IgnoreAlreadyExists(err) != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}
	svc.Spec.Selector = owner.Labels
	return ctrl.Result{}, r.Update(ctx, svc)
}

// Taken as absent, but the Create's error is returned: when the Service
// exists after all, AlreadyExists fails the reconcile, which is retried.
func (r *Reconciler) createReturned(ctx context.Context, owner *corev1.Pod) (ctrl.Result, error) {
	svc := &corev1.Service{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(owner), svc); err != nil {
		logf.FromContext(ctx).Error(err, "getting the service")
	}
	if svc.Name == "" {
		return ctrl.Result{}, r.Create(ctx, desired(owner))
	}
	svc.Spec.Selector = owner.Labels
	return ctrl.Result{}, r.Update(ctx, svc)
}

// A Get of settings logged, then the Create of another object of the same
// type, which the Get does not decide.
func (r *Reconciler) unrelatedCreate(ctx context.Context, owner *corev1.Pod) (ctrl.Result, error) {
	settings := &corev1.Service{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: owner.Namespace, Name: "template"}, settings); err != nil {
		logf.FromContext(ctx).Info("no template, using defaults", "error", err)
	}
	svc := desired(owner)
	if len(settings.Spec.Ports) > 0 {
		svc.Spec.Ports = settings.Spec.Ports
	}
	if err := r.Create(ctx, svc); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
