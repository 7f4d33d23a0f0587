package newclient_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/newclient"
)

func TestNewClient(t *testing.T) {
	fixturetest.Run(t, newclient.Analyzer)
}
