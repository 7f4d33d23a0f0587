package directive_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/directive"
	"github.com/reconcilecheck/reconcilecheck/analyzers/notfounderr"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestMalformed(t *testing.T) {
	a := directive.New(func() []string { return []string{"notfounderr"} })
	fixturetest.Run(t, a, "./malformed")
}

// Comments that look like a directive to a person are reported, with a
// fix that makes them one; proper directives and prose stay silent.
func TestLookAlike(t *testing.T) {
	a := directive.New(func() []string { return []string{"notfounderr"} })
	fixturetest.RunWithSuggestedFixes(t, a, "./lookalike")
}

// A check wrapped as the registry wraps it honours directives naming it
// and reports those that suppressed nothing.
func TestSuppressAndUnused(t *testing.T) {
	fixturetest.Run(t, notfounderr.Analyzer, "./suppress")
}
