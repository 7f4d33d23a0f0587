// Package ownlib is the module's owner-reference helper, in another
// package than its callers.
package ownlib

import (
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Adopt makes owner the controller of child; neither type is known here.
func Adopt(owner, child client.Object, scheme *runtime.Scheme) error {
	return controllerutil.SetControllerReference(owner, child, scheme)
}
