package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	webappv1alpha1 "example.com/guestbook-operator/api/v1alpha1"
)

// GuestbookSettingsReconciler publishes each guestbook's settings in a
// ConfigMap the guestbook owns, for the frontend to mount.
type GuestbookSettingsReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// +kubebuilder:rbac:groups=webapp.example.com,resources=guestbooks,verbs=get;list;watch
// +kubebuilder:rbac:groups=webapp.example.com,resources=guestbooks/finalizers,verbs=update
// +kubebuilder:rbac:groups=core,resources=configmaps,verbs=get;list;watch;create;update;patch

// Reconcile writes the settings ConfigMap of the guestbook.
func (r *GuestbookSettingsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	gb := &webappv1alpha1.Guestbook{}
	if err := r.Get(ctx, req.NamespacedName, gb); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// Nothing looks at gb's deletion first: while a foreground deletion
	// of the guestbook waits for its children to go, each reconcile
	// creates this one again. The twin is GuestbookReconciler, which
	// creates its Deployment only after its deletion branch.
	settings := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: gb.Name + "-settings", Namespace: gb.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, settings, func() error { // expect with -terminatinglive.enable: terminatinglive
		settings.Data = map[string]string{"title": gb.Spec.Title}
		return controllerutil.SetControllerReference(gb, settings, r.Scheme)
	})
	return ctrl.Result{}, err
}

// SetupWithManager sets up the controller with the Manager.
func (r *GuestbookSettingsReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&webappv1alpha1.Guestbook{}).
		Owns(&corev1.ConfigMap{}).
		Named("guestbooksettings").
		Complete(r)
}
