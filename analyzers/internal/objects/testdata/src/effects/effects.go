package effects

import (
	"context"
	"fmt"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/record"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"fixtures/probe"
)

// Widget is a custom resource with conditions.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec   `json:"spec,omitempty"`
	Status            WidgetStatus `json:"status,omitempty"`
}

type WidgetSpec struct {
	Size int `json:"size"`
}

type WidgetStatus struct {
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// Parts names where a value points into an object.
func Parts(dep *appsv1.Deployment, cm *corev1.ConfigMap, w *Widget) {
	probe.Part(dep, dep)                // want `whole`
	probe.Part(&dep.Status, dep)        // want `part Status Status depth 0`
	probe.Part(&dep.Spec.Replicas, dep) // want `part Spec Spec depth 1`
	probe.Part(dep.GetLabels(), dep)    // want `part Meta Labels depth 1`
	probe.Part(&dep.Finalizers, dep)    // want `part Meta Finalizers depth 1`
	probe.Part(cm.Data, cm)             // want `part Spec Data depth 1`
	probe.Part(&cm.TypeMeta, cm)        // want `outside`
	probe.Part(&w.Status.Conditions, w) // want `part Status Status depth 1`
	probe.Part(&w.Spec, dep)            // want `outside`
	other := &appsv1.Deployment{}
	probe.Part(&other.Spec, dep) // want `outside`
}

// R is a reconciler with an event recorder.
type R struct {
	client.Client
	Recorder record.EventRecorder
}

// An event about the object only reads it: the status change alone is
// its history. (updatepatch and statuswriter once disagreed here.)
func (r *R) EventOnly(ctx context.Context, key types.NamespacedName) {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	dep.Status.ReadyReplicas = 1
	r.Recorder.Event(dep, corev1.EventTypeNormal, "Ready", "ready")
	probe.History(dep) // want `history strong=Status weak=- fields=.Status`
}

// Logging and formatting read the object.
func (r *R) Logged(ctx context.Context, key types.NamespacedName) {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	log.FromContext(ctx).Info("seen", "deployment", dep)
	_ = fmt.Sprintf("%v", dep)
	probe.History(dep) // want `history strong=- weak=- fields=metadata`
}

// Library mutators from the table.
func (r *R) Finalizer(ctx context.Context, key types.NamespacedName) {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	controllerutil.AddFinalizer(dep, "example.com/f")
	probe.History(dep) // want `history strong=Meta weak=- fields=.Finalizers`
}

func Conditions(w *Widget) {
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready"})
	probe.History(w) // want `history strong=Status weak=- fields=.Status`
}

// A function value may do anything.
var mystery func(*appsv1.Deployment)

func (r *R) Unknown(ctx context.Context, key types.NamespacedName) {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	mystery(dep)
	probe.History(dep) // want `history strong=- weak=Unknown fields=metadata`
}

// The package's own helpers are summarised.
func setSize(dep *appsv1.Deployment, n int32) { dep.Spec.Replicas = &n }

func (r *R) Helper(ctx context.Context, key types.NamespacedName) {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	setSize(dep, 3)
	probe.History(dep) // want `history strong=Spec weak=- fields=.Spec`
}

// A closure changes what it captures.
func (r *R) Closure(ctx context.Context, key types.NamespacedName) {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	func() { dep.Labels = map[string]string{"a": "b"} }()
	probe.History(dep) // want `history strong=Meta weak=- fields=.Labels`
}

// A fetch starts a new history: the change before it is gone.
func (r *R) Refetched(ctx context.Context, key types.NamespacedName) {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	dep.Spec.Paused = true
	_ = r.Get(ctx, key, dep)
	probe.History(dep) // want `history strong=- weak=- fields=metadata`
}

// DeepCopyInto the object overwrites it as a whole.
func (r *R) Overwritten(ctx context.Context, key types.NamespacedName, desired *appsv1.Deployment) {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	dep.Spec.Paused = true
	desired.DeepCopyInto(dep)
	probe.History(dep) // want `history strong=- weak=- fields=metadata`
}

// A map the object may own, changed on some path.
func (r *R) MaybeOwnMap(ctx context.Context, key types.NamespacedName) {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	labels := dep.GetLabels()
	if labels == nil {
		labels = map[string]string{}
	}
	labels["tier"] = "web"
	probe.History(dep) // want `history strong=Meta weak=- fields=.Labels`
}

// The fields an object is made with: an ObjectMeta literal field by
// field, and what a constructor of the package sets.
func madeWith(name string) {
	cm := &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Name: name, Labels: map[string]string{"a": "b"}},
		Data:       map[string]string{"k": "v"},
	}
	probe.Made(cm) // want `made Data Labels Name`
	meta := metav1.ObjectMeta{Name: name}
	cm2 := &corev1.ConfigMap{ObjectMeta: meta}
	probe.Made(cm2) // want `made Name`
	d := newDeployment(name)
	probe.Made(d) // want `made Name Spec`
	d.Labels = map[string]string{"x": "y"}
	probe.Made(d) // want `made Labels Name Spec`
}

func newDeployment(name string) *appsv1.Deployment {
	d := &appsv1.Deployment{}
	d.Name = name
	var replicas int32 = 2
	d.Spec.Replicas = &replicas
	return d
}

// A parameter captured by a closure as it is (never assigned, so no
// cell): what the closure sets is seen, as in a mutate function.
func capturedParam(cm *corev1.ConfigMap) {
	set := func() { cm.Data = map[string]string{"k": "v"} }
	set()
	probe.History(cm) // want `history strong=Spec weak=Unknown fields=.Data`
}
