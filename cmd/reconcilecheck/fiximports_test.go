package main

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/internal/exampletest"
)

// TestExampleFixFormatted applies every suggested fix to a copy of the
// example, which is gofmt- and goimports-clean: so must the result be,
// with the imports the fixes add in their groups (standard library, third
// party, the module's own), and it must still build and vet. The exit
// status of -fix is not checked here (findings without a fix remain).
func TestExampleFixFormatted(t *testing.T) {
	bin := buildBinary(t)
	dir := exampletest.Copy(t)
	if bad := exampletest.Unformatted(t, dir); len(bad) > 0 {
		t.Fatalf("the example is not formatted before -fix: %v", bad)
	}
	out, _ := exampletest.Run(t, dir, bin, "-fix", "./...")
	if bad := exampletest.Unformatted(t, dir); len(bad) > 0 {
		t.Errorf("after -fix, not formatted as gofmt and goimports -local %s write: %v\n%s", exampletest.ModulePath(t, dir), bad, out)
	}
	if out, code := exampletest.Run(t, dir, "go", "build", "./..."); code != 0 {
		t.Fatalf("the example no longer builds after -fix:\n%s", out)
	}
	if out, code := exampletest.Run(t, dir, "go", "vet", "./..."); code != 0 {
		t.Fatalf("go vet fails on the example after -fix:\n%s", out)
	}
}
