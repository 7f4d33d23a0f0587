// Package c names no Kubernetes API: only a type of package a does. Its
// helpers still get facts, because package a is known (by its fact) to use
// Kubernetes APIs.
package c

import (
	"context"

	"fixtures/a"
)

func Purge(ctx context.Context, s *a.Store) error { // want Purge:`clientError\(writes=true\)`
	return s.Drop(ctx)
}
