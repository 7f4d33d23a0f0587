package reconcilers

import (
	"context"

	"github.com/davecgh/go-spew/spew"
	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/helpers"
)

// CrossReconciler creates its children through helpers of another
// package, a generic helper, and hands one to a library.
type CrossReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *CrossReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	// Good: metadata with the owner reference from another package.
	rc := &corev1.ReplicationController{ObjectMeta: helpers.Meta(app, appGVK)}
	if err := r.Create(ctx, rc); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}

	// Good: another package owns and creates it.
	hpa := &autoscalingv2.HorizontalPodAutoscaler{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name}}
	if err := helpers.EnsureOwned(ctx, r.Client, app, hpa); err != nil {
		return ctrl.Result{}, err
	}

	// Bad: another package creates it, nothing owns it.
	tmpl := &corev1.PodTemplate{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name}}
	if err := helpers.Ensure(ctx, r.Client, tmpl); err != nil {
		return ctrl.Result{}, err
	}

	// Good: a generic helper of this package owns it.
	es := &discoveryv1.EndpointSlice{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name}}
	if err := ownGeneric(app, es, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, es); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}

	// Silent: a library of another module is given the object and might
	// set its owner references.
	rev := &appsv1.ControllerRevision{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name}}
	_ = spew.Sdump(rev)
	if err := r.Create(ctx, rev); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func ownGeneric[T client.Object](owner client.Object, obj T, scheme *runtime.Scheme) error {
	return controllerutil.SetControllerReference(owner, obj, scheme)
}

func (r *CrossReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&App{}).
		Owns(&corev1.ReplicationController{}).
		Owns(&autoscalingv2.HorizontalPodAutoscaler{}).
		Owns(&corev1.PodTemplate{}). // want `Owns\(&corev1.PodTemplate\{\}\) maps each PodTemplate event to the object's controller owner, but CrossReconciler's package creates PodTemplate objects without a controller reference`
		Owns(&discoveryv1.EndpointSlice{}).
		Owns(&appsv1.ControllerRevision{}).
		Complete(r)
}
