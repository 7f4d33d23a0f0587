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

// GuestbookAccountReconciler gives each guestbook the ServiceAccount its
// frontend runs as, owned by the guestbook.
type GuestbookAccountReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// +kubebuilder:rbac:groups=webapp.example.com,resources=guestbooks,verbs=get;list;watch
// +kubebuilder:rbac:groups=webapp.example.com,resources=guestbooks/finalizers,verbs=update
// +kubebuilder:rbac:groups=core,resources=serviceaccounts,verbs=get;list;watch;create;update;patch

// Reconcile writes the ServiceAccount of the guestbook.
func (r *GuestbookAccountReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	gb := &webappv1alpha1.Guestbook{}
	if err := r.Get(ctx, req.NamespacedName, gb); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// Nothing looks at gb's deletion first: while a foreground deletion
	// of the guestbook waits for its children to go, each reconcile
	// creates this one again. The twin is GuestbookReconciler, which
	// creates its Deployment only after its deletion branch.
	sa := &corev1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{Name: gb.Name + "-frontend", Namespace: gb.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, sa, func() error { // expect with -terminatinglive.enable: terminatinglive
		sa.Labels = map[string]string{"app.kubernetes.io/instance": gb.Name}
		return controllerutil.SetControllerReference(gb, sa, r.Scheme)
	})
	return ctrl.Result{}, err
}

// SetupWithManager sets up the controller with the Manager.
func (r *GuestbookAccountReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&webappv1alpha1.Guestbook{}).
		Owns(&corev1.ServiceAccount{}).
		Named("guestbookaccount").
		Complete(r)
}
