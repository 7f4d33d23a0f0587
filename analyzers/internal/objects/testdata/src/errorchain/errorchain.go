// Package c names no Kubernetes API: only a type of package a does. Its
// helpers still get facts, because package a is known (by its fact) to use
// Kubernetes APIs.
package errorchain

import (
	"context"

	"fixtures/lifecyclehelpers"
)

func Purge(ctx context.Context, s *lifecyclehelpers.Store) error { // want Purge:`clientError\(writes=true\)`
	return s.Drop(ctx)
}
