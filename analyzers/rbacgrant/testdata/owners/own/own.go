// Package own sets the controller reference of the objects its callers
// create: the owner's type is known only at their calls.
package own

import (
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Controlled makes owner the controller of obj (a blocking reference).
func Controlled(owner, obj client.Object, scheme *runtime.Scheme) error {
	return controllerutil.SetControllerReference(owner, obj, scheme)
}
