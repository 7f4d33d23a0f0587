// Package finalizers gives its parameters where a finalizer's name goes.
package finalizers

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Add gives its name to controllerutil.AddFinalizer.
func Add(obj client.Object, name string) bool { // want Add:"params\\(finalizerName 1\\)"
	return controllerutil.AddFinalizer(obj, name)
}

// Append lists its name in the object's finalizers.
func Append(obj client.Object, name string) { // want Append:"params\\(finalizerName 1\\)"
	obj.SetFinalizers(append(obj.GetFinalizers(), name))
}

// Through gives its name to Add, declared above.
func Through(obj client.Object, first, name string) bool { // want Through:"params\\(finalizerName 2\\)"
	return Add(obj, name)
}

// Qualified is the twin: it builds the name from its parameter.
func Qualified(obj client.Object, name string) bool {
	return controllerutil.AddFinalizer(obj, "example.com/"+name)
}
