// Package state tests an object's deletion state for another package.
package state

import "sigs.k8s.io/controller-runtime/pkg/client"

// Deleting reports whether obj is terminating.
func Deleting(obj client.Object) bool {
	return obj.GetDeletionTimestamp() != nil
}
