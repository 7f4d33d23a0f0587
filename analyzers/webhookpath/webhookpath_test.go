package webhookpath_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/webhookpath"
)

func TestWebhookPath(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, webhookpath.Analyzer)
}
