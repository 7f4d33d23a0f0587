package refs

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/ownerlib"
)

// ownership is the enum of kubernetes-sigs/agent-sandbox's
// checkOwnership (controllers/sandbox_controller.go): the reference is nil
// only beside unowned.
type ownership int

const (
	owned ownership = iota
	unowned
	other
)

func check(obj client.Object, uid types.UID) (ownership, *metav1.OwnerReference) {
	ref := metav1.GetControllerOf(obj)
	if ref == nil {
		return unowned, nil
	}
	if ref.UID == uid {
		return owned, ref
	}
	return other, ref
}

// Read under a switch case of another constant.
func otherOwner(obj client.Object, uid types.UID) string {
	o, ref := check(obj, uid)
	switch o {
	case unowned:
		return ""
	case other:
		return ref.Name
	}
	return ""
}

// A case of two other constants, the first case of the switch.
func anyOwner(obj client.Object, uid types.UID) string {
	switch o, ref := check(obj, uid); o {
	case owned, other:
		return ref.Name
	}
	return ""
}

// Tested equal to another constant, or not equal to the nil one.
func otherOwnerIf(obj client.Object, uid types.UID) string {
	if o, ref := check(obj, uid); o == other {
		return ref.Name
	}
	return ""
}

func ownerUnlessUnowned(obj client.Object, uid types.UID) string {
	o, ref := check(obj, uid)
	if o != unowned {
		return ref.Name
	}
	return ""
}

// A string constant, through another package's helper (its fact).
func ownerByState(obj metav1.Object) string {
	if state, ref := ownerlib.State(obj); state == "controlled" {
		return ref.Name
	}
	return ""
}

// Twins: read under the nil constant's case, not tested, or tested not
// equal to another constant.
func unownedOwner(obj client.Object, uid types.UID) string {
	o, ref := check(obj, uid)
	switch o {
	case unowned:
		return ref.Name // want `^the result of check is read without a test: it is nil when its first result is unowned \(no such owner\), and reading it then panics, each time that object is handled; read it only when that result is not unowned, or test it against nil first$`
	case other:
		return ""
	}
	return ""
}

func ownerUntested(obj client.Object, uid types.UID) string {
	_, ref := check(obj, uid)
	return ref.Name // want `the result of check is read without a test: it is nil when its first result is unowned`
}

func ownerUnlessOther(obj client.Object, uid types.UID) string {
	if o, ref := check(obj, uid); o != other {
		return ref.Name // want `the result of check is read without a test: it is nil when its first result is unowned`
	}
	return ""
}

func ownerByStateUnguarded(obj metav1.Object) string {
	if state, ref := ownerlib.State(obj); state != "controlled" {
		return ref.Name // want `the result of State is read without a test: it is nil when its first result is "none"`
	}
	return ""
}

// A helper returning nil beside two different constants: the enum guards
// nothing.
func checkLoose(obj client.Object, uid types.UID) (ownership, *metav1.OwnerReference) {
	ref := metav1.GetControllerOf(obj)
	if ref == nil {
		return unowned, nil
	}
	if ref.UID == uid {
		return owned, nil
	}
	return other, ref
}

func looseOwner(obj client.Object, uid types.UID) string {
	if o, ref := checkLoose(obj, uid); o == owned {
		return ref.Name // want `the result of checkLoose is read without a nil test: it returns nil on some paths`
	}
	return ""
}
