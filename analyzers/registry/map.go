package registry

import (
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmap"
)

// Map returns the analyzer of the controller map (reconcilecheck map).
// It is no check, so it is in neither Checks nor Analyzers (help, the
// golangci-lint plugin and the SARIF rules list checks): the vet tool
// runs it beside the checks, and it does nothing unless the command's
// map mode sets its -controllermap.enable flag.
func Map() *analysis.Analyzer { return ctrlmap.Analyzer }
