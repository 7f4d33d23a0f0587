package droppederr_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/droppederr"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestDroppedErr(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, droppederr.Analyzer, "./loggederrors", "./helpers", "./applystatus/...", "./periodic", "./voidhelper", "./requeueskip", "./logentries", "./eventsapi", "./stalestatus", "./callerrequeue", "./dependency", "./shutdown", "./recreate", "./retried", "./getabsent", "./chain")
}
