package finalizerdeadlock_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/finalizerdeadlock"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestFinalizerDeadlock(t *testing.T) {
	fixturetest.Run(t, finalizerdeadlock.Analyzer, "./children", "./helpers", "./provisioned", "./deadreturn", "./retried")
}
