package webhookpath_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/webhookpath"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestWebhookPath(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, webhookpath.Analyzer)
}
