package controller

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"

	webappv1alpha1 "example.com/guestbook-operator/api/v1alpha1"
)

// GuestbookProbeReconciler records when each guestbook's frontend last had
// a ready endpoint. It runs beside GuestbookReconciler, on the same kind,
// and without its event filter.
type GuestbookProbeReconciler struct {
	client.Client

	// Config is the manager's REST config, for the clientset the probe
	// reads endpoints with.
	Config *rest.Config

	// lastProbed is the guestbook probed last, logged by the next probe.
	lastProbed types.NamespacedName
}

// +kubebuilder:rbac:groups=webapp.example.com,resources=guestbooks,verbs=get;list;watch
// +kubebuilder:rbac:groups=webapp.example.com,resources=guestbooks/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=core,resources=endpoints,verbs=get;list;watch

// Reconcile probes the guestbook's frontend Service and stamps the time.
func (r *GuestbookProbeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx).WithValues("previous", r.lastProbed)
	// Meant to give the calls below that logger; the context it returns
	// is dropped.
	ctrl.LoggerInto(ctx, log)         // expect: lostctx
	r.lastProbed = req.NamespacedName // expect: reconcilerstate

	gb := &webappv1alpha1.Guestbook{}
	if err := r.Get(ctx, req.NamespacedName, gb); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !gb.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}

	// A new clientset, with its own rate limiter and discovery, for every
	// request.
	cs, err := kubernetes.NewForConfig(r.Config) // expect: newclient
	if err != nil {
		return ctrl.Result{}, err
	}
	ready, err := frontendReady(cs, gb)
	if err != nil {
		return ctrl.Result{}, err
	}
	if !ready {
		// Report the outage from a skeleton holding only the guestbook's
		// key and its ready count. It was never read, so it carries no
		// resourceVersion, which the guestbooks API requires of every
		// update: the write is refused (422) each time.
		outage := &webappv1alpha1.Guestbook{ObjectMeta: metav1.ObjectMeta{Name: gb.Name, Namespace: gb.Namespace}}
		outage.Status.ReadyReplicas = 0
		return ctrl.Result{}, r.Status().Update(ctx, outage) // expect with -blindupdate.enable: blindupdate
	}
	log.V(1).Info("Frontend ready", "guestbook", gb.Name)

	// Every write is a status-only update that this controller's For
	// lets through: the write starts the next reconcile, for ever.
	gb.Status.LastProbeTime = &metav1.Time{Time: metav1.Now().Time} // expect: statusloop
	// The twin of the outage's write: gb was read from the server, with
	// its resourceVersion.
	return ctrl.Result{}, r.Status().Update(ctx, gb)
}

// frontendReady reports whether the frontend Service has a ready
// endpoint. It has no context parameter, so it makes its own.
func frontendReady(cs kubernetes.Interface, gb *webappv1alpha1.Guestbook) (bool, error) {
	eps, err := cs.CoreV1().Endpoints(gb.Namespace).Get(context.TODO(), gb.Name, metav1.GetOptions{}) // expect: lostctx
	if err != nil {
		return false, err
	}
	for _, s := range eps.Subsets {
		if len(s.Addresses) > 0 {
			return true, nil
		}
	}
	return false, nil
}

// SetupWithManager sets up the controller with the Manager.
func (r *GuestbookProbeReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&webappv1alpha1.Guestbook{}).
		Named("guestbookprobe").
		Complete(r)
}
