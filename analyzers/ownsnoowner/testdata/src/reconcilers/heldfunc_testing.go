package reconcilers

import (
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// MockSetControllerReference swaps setControllerReference for a mock, as
// cass-operator's testing.go does beside its code (a file that imports
// testing is test code): the program's calls still set the reference.
func MockSetControllerReference(t *testing.T) {
	old := setControllerReference
	setControllerReference = func(owner, object metav1.Object, scheme *runtime.Scheme, opts ...controllerutil.OwnerReferenceOption) error {
		return nil
	}
	t.Cleanup(func() { setControllerReference = old })
}
