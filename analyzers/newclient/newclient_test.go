package newclient_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/newclient"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestNewClient(t *testing.T) {
	fixturetest.Run(t, newclient.Analyzer)
}
