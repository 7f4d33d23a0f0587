package main

import (
	"os/exec"
	"strings"
	"testing"
)

// slowInit lists packages whose init is too costly for a vet tool, which
// the go command starts once per package, dependencies included (about
// 1700 times on cluster-api).
var slowInit = map[string]string{
	// Its init builds the inflection rules by repeated prepending: ~15 ms
	// per start, 14% of a vet-tool run. Use analyzers/internal/plural.
	"github.com/gobuffalo/flect": "analyzers/internal/plural",
}

func TestNoSlowInit(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 100 {
		t.Fatalf("go list -deps gave %d packages: not the binary's dependencies", len(deps))
	}
	for _, p := range deps {
		if instead, ok := slowInit[p]; ok {
			t.Errorf("the binary links %s, whose init runs in every vet-tool process; use %s", p, instead)
		}
	}
}
