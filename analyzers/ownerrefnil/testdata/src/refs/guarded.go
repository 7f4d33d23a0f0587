package refs

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/ownerlib"
)

// isOwnedByMachine returns true and the Machine's reference, or false and
// nil, as medik8s/self-node-remediation's helper of the same name
// (internal/controller/owner_and_name.go): the reference is nil only
// beside false.
func isOwnedByMachine(obj client.Object) (bool, *metav1.OwnerReference) {
	for _, ownerRef := range obj.GetOwnerReferences() {
		if ownerRef.Kind == "Machine" {
			return true, &ownerRef
		}
	}
	return false, nil
}

// The read is guarded by the bool (IsSNRMatching's shape).
func matchesMachine(obj client.Object, machineName string) bool {
	if owned, ref := isOwnedByMachine(obj); owned && machineName == ref.Name {
		return true
	}
	return false
}

// Guarded by an early return on the bool.
func machineOf(obj client.Object) string {
	owned, ref := isOwnedByMachine(obj)
	if !owned {
		return ""
	}
	return ref.Name
}

// machineRef forwards the pair: its reference is guarded by the same
// bool.
func machineRef(obj client.Object) (*metav1.OwnerReference, bool) {
	owned, ref := isOwnedByMachine(obj)
	return ref, owned
}

func machineOfForwarded(obj client.Object) string {
	if ref, ok := machineRef(obj); ok == true {
		return ref.Name
	}
	return ""
}

// Through another package's helper (its fact).
func ownerNamed(obj client.Object, kind string) string {
	if ok, ref := ownerlib.OwnedBy(obj, kind); ok {
		return ref.Name
	}
	return ""
}

// Twins: the bool ignored, or tested the wrong way round.
func machineOfUnguarded(obj client.Object) string {
	_, ref := isOwnedByMachine(obj)
	return ref.Name // want `^the result of isOwnedByMachine is read without a test: it is nil when its first result is false \(no such owner\), and reading it then panics, each time that object is handled; read it only when that result is true, or test it against nil first$`
}

func machineOfInverted(obj client.Object) string {
	if owned, ref := isOwnedByMachine(obj); !owned {
		return ref.Name // want `the result of isOwnedByMachine is read without a test: it is nil when its first result is false`
	}
	return ""
}

func machineOfForwardedUnguarded(obj client.Object) string {
	ref, _ := machineRef(obj)
	return ref.Name // want `the result of machineRef is read without a test: it is nil when its second result is false`
}

func ownerNamedUnguarded(obj client.Object, kind string) string {
	_, ref := ownerlib.OwnedBy(obj, kind)
	return ref.Name // want `the result of OwnedBy is read without a test: it is nil when its first result is false`
}

// A helper whose nil goes with true on one path and false on another:
// its bool guards nothing, and a read under it is reported.
func ownerOrNone(obj client.Object) (bool, *metav1.OwnerReference) {
	refs := obj.GetOwnerReferences()
	if len(refs) == 0 {
		return true, nil
	}
	if refs[0].Kind == "Machine" {
		return true, &refs[0]
	}
	return false, nil
}

func ownerOrNoneName(obj client.Object) string {
	if ok, ref := ownerOrNone(obj); ok {
		return ref.Name // want `the result of ownerOrNone is read without a nil test: it returns nil on some paths`
	}
	return ""
}
