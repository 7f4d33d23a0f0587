package main

import (
	"bytes"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/probes"
	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

// The tool lists every check of the registry and every probe, each name
// once (go vet's output is by analyzer name), and runs every check on.
func TestAnalyzers(t *testing.T) {
	var buf bytes.Buffer
	if err := fixturetest.WriteList(&buf, analyzers()); err != nil {
		t.Fatal(err)
	}
	list, err := fixturetest.ParseList(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	want := append(registry.Analyzers(), probes.All()...)
	if len(list) != len(want) {
		t.Errorf("the tool lists %d analyzers, want %d", len(list), len(want))
	}
	for _, a := range want {
		if list[a.Name] != fixturetest.Fingerprint(a) {
			t.Errorf("the tool lists %s with fingerprint %q, want %q", a.Name, list[a.Name], fixturetest.Fingerprint(a))
		}
	}
	for _, a := range withFacts(analyzers()) {
		if f := a.Flags.Lookup("enable"); f != nil && f.Value.String() != "true" {
			t.Errorf("%s: -enable=%s in the tool", a.Name, f.Value)
		}
	}
	for _, c := range registry.Checks() {
		if !c.Enabled() {
			t.Errorf("check %s is off in the tool", c.Analyzer.Name)
		}
	}
}
