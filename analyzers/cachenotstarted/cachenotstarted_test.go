package cachenotstarted_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/cachenotstarted"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestCacheNotStarted(t *testing.T) {
	fixturetest.Run(t, cachenotstarted.Analyzer, "./...")
}
