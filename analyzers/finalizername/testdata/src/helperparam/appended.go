package helperparam // want package:`^added\("appended" by fixtures/helperparam; .*; "stored" by fixtures/helperparam\)$`

import (
	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Helpers that add the name to the object's finalizers themselves.
func appendFinalizer(obj client.Object, name string) {
	obj.SetFinalizers(append(obj.GetFinalizers(), name))
}

func storeFinalizer(dep *appsv1.Deployment, name string) {
	dep.Finalizers = append(dep.Finalizers, name)
}

func onlyFinalizer(dep *appsv1.Deployment, name string) {
	dep.ObjectMeta.Finalizers = []string{name}
}

// Twin: the parameter is appended to a container's arguments.
func appendArg(dep *appsv1.Deployment, arg string) {
	c := &dep.Spec.Template.Spec.Containers[0]
	c.Args = append(c.Args, arg)
}

func Appended(dep *appsv1.Deployment) {
	appendFinalizer(dep, "appended") // want `finalizer name "appended" \(the finalizer name appendFinalizer takes as name\) is not domain-qualified`
	storeFinalizer(dep, "stored")    // want `finalizer name "stored" \(the finalizer name storeFinalizer takes as name\) is not domain-qualified`
	onlyFinalizer(dep, "only")       // want `finalizer name "only" \(the finalizer name onlyFinalizer takes as name\) is not domain-qualified`
	appendFinalizer(dep, "example.com/appended")
	appendArg(dep, "cleanup")
}
