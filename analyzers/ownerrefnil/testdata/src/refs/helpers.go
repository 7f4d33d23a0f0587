package refs

import (
	"errors"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/ownerlib"
)

// managingOwner returns the controller among refs, nil when none is.
func managingOwner(refs []metav1.OwnerReference) *metav1.OwnerReference {
	for i := range refs {
		if o := &refs[i]; o.Controller != nil && *o.Controller {
			return o
		}
	}
	return nil
}

// Through the package's helper that may return nil.
func ownerKind(obj client.Object) string {
	owner := managingOwner(obj.GetOwnerReferences())
	if owner.Kind == "" { // want `the result of managingOwner is read without a nil test: it returns nil on some paths`
		return owner.Name // not reported again: the read above panics first
	}
	return owner.Kind
}

// Through another package's helper (its fact).
func controllerKind(obj client.Object) string {
	return ownerlib.Controller(obj).Kind // want `the result of Controller is read without a nil test: it returns nil on some paths`
}

// Twins: tested against nil.
func ownerKindChecked(obj client.Object) string {
	if owner := managingOwner(obj.GetOwnerReferences()); owner != nil {
		return owner.Kind
	}
	return ""
}

// A helper that returns nil only with an error: its callers test the
// error.
func mustOwner(obj client.Object) (*metav1.OwnerReference, error) {
	ref := metav1.GetControllerOf(obj)
	if ref == nil {
		return nil, errors.New("no controller")
	}
	return ref, nil
}

func ownerName(obj client.Object) (string, error) {
	ref, err := mustOwner(obj)
	if err != nil {
		return "", err
	}
	return ref.Name, nil
}
