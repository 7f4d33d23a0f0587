package lostctx_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/lostctx"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestLostCtx(t *testing.T) {
	results := fixturetest.RunWithSuggestedFixes(t, lostctx.Analyzer, "./reconcilers")

	// lastuse.go: the fix replaces the file's last use of package context.
	if !fixturetest.FixDeletesLine(results, "lastuse.go", 4) {
		t.Error("the fix in lastuse.go does not delete the now unused import of package context")
	}
}

// Helpers without a context parameter (of the package, of another package
// through facts) and derived contexts that are discarded.
func TestHelpersAndDiscarded(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, lostctx.Analyzer, "./helpers", "./fakeapi")
}

// Helpers of another package of the module that take a context and still
// make their own (DropsContext facts), next to the twins.
func TestHelpersTakingContext(t *testing.T) {
	fixturetest.Run(t, lostctx.Analyzer, "./ctxcaller", "./ctxhelper")
}

// Contexts made for a method of an interface of the module whose every
// known implementation ignores its context (implementations facts through
// a package that only hands the interfaces out), next to the twins.
func TestInterfaceImplementations(t *testing.T) {
	fixturetest.Run(t, lostctx.Analyzer, "./edgecaller", "./edgedock", "./edgeimpl", "./edgeapi", "./edgepoll")
}

// Contexts made for goroutines only, with their cancel functions stored.
func TestGoroutineContexts(t *testing.T) {
	fixturetest.Run(t, lostctx.Analyzer, "./golease")
}
