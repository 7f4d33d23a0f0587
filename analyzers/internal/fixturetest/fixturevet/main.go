// Command fixturevet is the vet tool the fixture tests run with go vet:
// the registry's checks, every one enabled, and the layers' probes,
// reporting their facts as diagnostics too (see fixturetest.ToolAnalyzers).
// One binary for every check's and layer's tests lets go vet's cache
// analyse the real modules once.
package main

import (
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
)

func main() {
	unitchecker.Main(fixturetest.ToolAnalyzers()...)
}
