package controller

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	webappv1alpha1 "example.com/guestbook-operator/api/v1alpha1"
)

const (
	// injectLabel on a namespace asks for a default guestbook in it.
	injectLabel = "webapp.example.com/inject"

	// tierLabel is copied from a namespace onto its guestbooks.
	tierLabel = "webapp.example.com/tier"

	// appliedTierAnnotation on a namespace is the tier last copied onto
	// its guestbooks.
	appliedTierAnnotation = "webapp.example.com/applied-tier"

	defaultGuestbookName = "guestbook"

	// defaultGuestbookAnnotation on a namespace names the guestbook the
	// controller created there.
	defaultGuestbookAnnotation = "webapp.example.com/default-guestbook"
)

// NamespaceReconciler gives every namespace labelled
// webapp.example.com/inject=true a default Guestbook, and keeps the tier
// label of the namespace's guestbooks in step with the namespace's.
type NamespaceReconciler struct {
	client.Client
	Scheme *runtime.Scheme

	// DefaultImage is the frontend image of the guestbooks it creates.
	DefaultImage string
}

// +kubebuilder:rbac:groups=core,resources=namespaces,verbs=get;list;watch;patch
// +kubebuilder:rbac:groups=webapp.example.com,resources=guestbooks,verbs=get;list;watch;create;patch
// +kubebuilder:rbac:groups=webapp.example.com,resources=guestbookpolicies,verbs=get;list;watch

// Reconcile creates the default guestbook of a namespace and labels the
// namespace's guestbooks.
func (r *NamespaceReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)

	ns := &corev1.Namespace{}
	if err := r.Get(ctx, req.NamespacedName, ns); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	if isBeingDeleted(ns) || ns.Labels[injectLabel] != "true" {
		return ctrl.Result{}, nil
	}
	tier := ns.Labels[tierLabel]

	var guestbooks webappv1alpha1.GuestbookList
	if err := r.List(context.TODO(), &guestbooks, client.InNamespace(ns.Name)); err != nil { // expect: lostctx
		return ctrl.Result{}, err
	}

	if len(guestbooks.Items) == 0 {
		// The namespace's policy may name another image. Its type is
		// missing from the manager's scheme (see cmd/main.go): this Get
		// fails on every call.
		image := r.DefaultImage
		var policy webappv1alpha1.GuestbookPolicy
		if err := r.Get(ctx, client.ObjectKey{Namespace: ns.Name, Name: "default"}, &policy); err != nil {
			if !apierrors.IsNotFound(err) {
				return ctrl.Result{}, err
			}
		} else if policy.Spec.Image != "" {
			image = policy.Spec.Image
		}
		gb := &webappv1alpha1.Guestbook{
			ObjectMeta: metav1.ObjectMeta{
				Namespace: ns.Name,
				Name:      defaultGuestbookName,
				Labels:    map[string]string{tierLabel: tier},
			},
			Spec: webappv1alpha1.GuestbookSpec{
				Image: image,
				Title: "Guestbook of " + ns.Name,
			},
		}
		if err := ctrl.SetControllerReference(ns, gb, r.Scheme); err != nil {
			return ctrl.Result{}, err
		}
		if err := r.Create(ctx, gb); err != nil {
			// Refused while the namespace's quota is used up: try again later.
			return ctrl.Result{RequeueAfter: time.Minute}, err // expect: resulterr
		}
		log.Info("Created the default guestbook", "guestbook", client.ObjectKeyFromObject(gb))

		// Record it on the namespace. The error is discarded: a failed
		// patch is neither logged nor retried.
		patch := client.MergeFrom(ns.DeepCopy())
		if ns.Annotations == nil {
			ns.Annotations = map[string]string{}
		}
		ns.Annotations[defaultGuestbookAnnotation] = gb.Name
		_ = r.Patch(ctx, ns, patch) // expect: droppederr
		return ctrl.Result{}, nil
	}

	// A policy on its way out hands the guestbooks that run its image
	// back the operator's default one. But nothing gives a
	// GuestbookPolicy a finalizer: the API server removes a deleted
	// policy at once, this Get finds none, and the branch never runs
	// (reported where cmd/main.go makes the manager). Its twin is the
	// Guestbook's deletion branch, whose finalizer the reconciler adds.
	var policy webappv1alpha1.GuestbookPolicy
	if err := r.Get(ctx, client.ObjectKey{Namespace: ns.Name, Name: "default"}, &policy); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	} else if err == nil && !policy.DeletionTimestamp.IsZero() {
		for i := range guestbooks.Items {
			gb := &guestbooks.Items[i]
			if gb.Spec.Image != policy.Spec.Image {
				continue
			}
			patch := client.MergeFrom(gb.DeepCopy())
			gb.Spec.Image = r.DefaultImage
			if err := r.Patch(ctx, gb, patch); err != nil {
				return ctrl.Result{}, err
			}
		}
	}

	return ctrl.Result{}, r.labelGuestbooks(ctx, ns, tier, guestbooks.Items)
}

// labelGuestbooks keeps the tier label of the namespace's guestbooks in
// step with the namespace's, and records on the namespace the tier it last
// applied.
func (r *NamespaceReconciler) labelGuestbooks(ctx context.Context, ns *corev1.Namespace, tier string, guestbooks []webappv1alpha1.Guestbook) (retErr error) {
	defer func() {
		patch := client.MergeFrom(ns.DeepCopy())
		if ns.Annotations == nil {
			ns.Annotations = map[string]string{}
		}
		ns.Annotations[appliedTierAnnotation] = tier
		if err := r.Patch(ctx, ns, patch); err != nil {
			retErr = err // expect: overwrittenerr
		}
	}()
	for i := range guestbooks {
		gb := &guestbooks[i]
		if gb.Labels[tierLabel] == tier {
			continue
		}
		patch := client.MergeFrom(gb.DeepCopy())
		if gb.Labels == nil {
			gb.Labels = map[string]string{}
		}
		gb.Labels[tierLabel] = tier
		if err := r.Patch(ctx, gb, patch); err != nil {
			return err
		}
	}
	return nil
}

// SetupWithManager sets up the controller with the Manager.
func (r *NamespaceReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Namespace{}, builder.WithPredicates(predicate.LabelChangedPredicate{})).
		Owns(&webappv1alpha1.Guestbook{}).
		Named("namespace").
		Complete(r)
}
