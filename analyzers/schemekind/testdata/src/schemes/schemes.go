// Package schemes fills schemes for the binaries of the fixtures.
package schemes

import (
	"k8s.io/apimachinery/pkg/runtime"

	v3 "fixtures/api/v3"
)

// AddExtra adds the kinds of v3, through a helper of its own.
func AddExtra(s *runtime.Scheme) error { // want AddExtra:`adds\(fixtures/api/v3\)`
	return addV3(s)
}

func addV3(s *runtime.Scheme) error {
	return v3.SchemeBuilder.AddToScheme(s)
}
