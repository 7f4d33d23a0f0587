// Package hashutil stores the hash of what a controller applied.
package hashutil

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// HashAnnotation holds the hash of the applied configuration.
const HashAnnotation = "example.com/applied-hash"

// SetHash records h on o.
func SetHash(o metav1.Object, h string) {
	a := o.GetAnnotations()
	if a == nil {
		a = map[string]string{}
	}
	a[HashAnnotation] = h
	o.SetAnnotations(a)
}
