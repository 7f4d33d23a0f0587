package argroles_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/argroles"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

// TestParams checks the Params facts of the fixtures' exported functions:
// through the library (recorders of both APIs, the events API recorder's
// strict reason and action against the old one's, the manager's events
// API recorder's name against the old one's, AddFinalizer, a list given
// to SetFinalizers), through helpers of the same and of another package,
// a field read into AddFinalizer (its fact, and the parameter of another
// package stored in it), a generic constructor's parameter kept in a field,
// and the twins that get none (a built value, a captured one, a message, a
// description field, a label).
func TestParams(t *testing.T) {
	fixturetest.Run(t, argroles.Analyzer)
}
