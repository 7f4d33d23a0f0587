package probes_test

import (
	"bytes"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/probes"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

// The objects probe finds the fixtures' probe package by the module path
// the harness gives the fixture module.
func TestModulePath(t *testing.T) {
	if probes.ModulePath != fixturetest.ModulePath {
		t.Errorf("probes.ModulePath = %q, fixturetest.ModulePath = %q", probes.ModulePath, fixturetest.ModulePath)
	}
}

// The fixture tool runs every probe: each has its own name, and the
// harness, which sees a probe here as the tool does, recognises it.
func TestProbesInTool(t *testing.T) {
	var buf bytes.Buffer
	if err := fixturetest.WriteList(&buf, probes.All()); err != nil {
		t.Fatal(err)
	}
	list, err := fixturetest.ParseList(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range probes.All() {
		if ok, why := fixturetest.InTool(list, a); !ok {
			t.Errorf("%s would run in the test process: %s", a.Name, why)
		}
	}
}
