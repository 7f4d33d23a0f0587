package names // want package:`^added\("a/b/c" by fixtures/names; .*; "registered" by fixtures/names\)$`

import (
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/finalizer"
)

// Reported once, at its declaration, however often it is used.
const cleanupFinalizer = "cleanup" // want `^finalizer name "cleanup" is not domain-qualified: the API server warns on each write that adds it to a custom resource \(a create, or an update of an object that lacked it\), and another controller may use the same name and remove it; rename it to "<your domain>/cleanup", and keep removing "cleanup" from objects that still carry it$`

// Twin: qualified.
const goodFinalizer = "example.com/cleanup"

func Add(dep *appsv1.Deployment) {
	controllerutil.AddFinalizer(dep, cleanupFinalizer)
	controllerutil.AddFinalizer(dep, goodFinalizer)
	controllerutil.AddFinalizer(dep, "example.com/other")
	controllerutil.RemoveFinalizer(dep, cleanupFinalizer)
}

func Invalid(dep *appsv1.Deployment) {
	controllerutil.AddFinalizer(dep, "example.com/my finalizer") // want `finalizer name "example.com/my finalizer" is not a valid qualified name \(name part must consist of`
	controllerutil.AddFinalizer(dep, "a/b/c")                    // want `finalizer name "a/b/c" is not a valid qualified name`
}

// Literal lists: SetFinalizers, a store, append, ObjectMeta.
func Lists(dep *appsv1.Deployment) *corev1.ConfigMap {
	dep.SetFinalizers([]string{"example.com/a", "dep-cleanup"}) // want `finalizer name "dep-cleanup" is not domain-qualified`
	dep.Finalizers = []string{"example.com/a", "kubernetes"}    // a standard name needs no domain
	dep.Finalizers = append(dep.Finalizers, "also.example.com") // want `finalizer name "also.example.com" is not domain-qualified: .* rename it to "example.com/also"`
	dep.ObjectMeta.Finalizers = append(dep.ObjectMeta.Finalizers, metav1.FinalizerOrphanDependents)
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{
		Name:       "x",
		Finalizers: []string{"example.com/ok", "cm"}, // want `finalizer name "cm" is not domain-qualified`
	}}
}

// Not finalizers: other string slices and labels.
func Others(dep *appsv1.Deployment) []string {
	dep.Labels = map[string]string{"cleanup": "true"}
	return append([]string{}, "cleanup")
}

// controller-runtime's finalizer helper.
func Register(f finalizer.Finalizers) error {
	if err := f.Register("example.com/cleanup", nil); err != nil {
		return err
	}
	return f.Register("registered", nil) // want `finalizer name "registered" is not domain-qualified`
}

// Twin: the old name of a migration, only removed, next to the new one
// that is added (the fix this check asks for): not reported.
const legacyFinalizer = "webapp"

func Migrate(dep *appsv1.Deployment) {
	controllerutil.RemoveFinalizer(dep, legacyFinalizer)
	controllerutil.AddFinalizer(dep, "example.com/webapp")
}

// Twin: the old name tested, then removed, as numaflow migrates its
// "isbsvc-controller": a test puts the name on no object.
const deprecatedFinalizer = "isbsvc-controller"

func MigrateTested(dep *appsv1.Deployment) {
	if controllerutil.ContainsFinalizer(dep, deprecatedFinalizer) {
		controllerutil.RemoveFinalizer(dep, deprecatedFinalizer)
	}
	controllerutil.AddFinalizer(dep, "example.com/isbsvc-controller")
}

// A name tested and added is in use.
const inUseFinalizer = "pipeline-controller" // want `finalizer name "pipeline-controller" is not domain-qualified`

func Ensure(dep *appsv1.Deployment) {
	if !controllerutil.ContainsFinalizer(dep, inUseFinalizer) {
		controllerutil.AddFinalizer(dep, inUseFinalizer)
	}
}

// A dotted name is suggested as its domain and its first label.
const dottedFinalizer = "cleanup.apps.example.com" // want `finalizer name "cleanup.apps.example.com" is not domain-qualified: .* rename it to "apps.example.com/cleanup", and keep removing "cleanup.apps.example.com"`

func Clean(dep *appsv1.Deployment) {
	controllerutil.AddFinalizer(dep, dottedFinalizer)
}

// Names kept in a local variable first, as ob-operator's controllers do
// (finalizerName := oceanbaseconst.FinalizerDeleteOBTenant): the variable
// holds the constant at every use.
const tenantFinalizer = "finalizers.example.com.deletetenant" // want `finalizer name "finalizers.example.com.deletetenant" is not domain-qualified`

func Local(dep *appsv1.Deployment) *corev1.ConfigMap {
	finalizerName := tenantFinalizer
	if !controllerutil.ContainsFinalizer(dep, finalizerName) {
		controllerutil.AddFinalizer(dep, finalizerName)
	}
	name := "local" // want `^finalizer name "local" is not domain-qualified`
	again := name
	controllerutil.AddFinalizer(dep, name)
	controllerutil.AddFinalizer(dep, again)
	finalizers := []string{"listed"} // want `finalizer name "listed" is not domain-qualified`
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Finalizers: finalizers}}
}

// Twins: a variable assigned again, and one whose address is taken, may
// hold another value where it is used; a variable that is not a finalizer.
func NotLocal(dep *appsv1.Deployment, suffix string) {
	name := "reassigned"
	if suffix != "" {
		name = "example.com/" + suffix
	}
	controllerutil.AddFinalizer(dep, name)
	addressed := "addressed"
	qualify(&addressed)
	controllerutil.AddFinalizer(dep, addressed)
	label := "cleanup"
	dep.Labels = map[string]string{label: "true"}
}

func qualify(name *string) { *name = "example.com/" + *name }
