// Package plugin makes reconcilecheck a golangci-lint v2 module plugin.
//
// Blank-import it into a golangci-lint build (see tools/golangci-lint, or
// "golangci-lint custom" with a .custom-gcl.yml) and enable it in
// .golangci.yml:
//
//	linters:
//	  enable: [reconcilecheck]
//	  settings:
//	    custom:
//	      reconcilecheck:
//	        type: module
//	        description: bugs of controller-runtime reconcilers
//	        settings:
//	          disable: [updatepatch]      # or enable: [...] to run only these
//	          flags:
//	            updatepatch: {all: true}  # same as -updatepatch.all=true
//
// The settings go through the same registry functions as the command
// line flags, so names and values are checked the same way in every mode.
package plugin

import (
	"fmt"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
)

// Name is the plugin's name: the key under linters.settings.custom, and
// the linter name golangci-lint reports and //nolint matches.
const Name = "reconcilecheck"

func init() {
	register.Plugin(Name, New)
}

type plugin struct {
	analyzers []*analysis.Analyzer
}

// New builds the plugin from its settings in .golangci.yml.
func New(conf any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[registry.Settings](conf)
	if err != nil {
		return nil, fmt.Errorf("reconcilecheck settings (keys: enable, disable, flags): %w", err)
	}
	analyzers, err := s.Select()
	if err != nil {
		return nil, fmt.Errorf("reconcilecheck settings: %w", err)
	}
	return &plugin{analyzers: analyzers}, nil
}

func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return p.analyzers, nil
}

// GetLoadMode asks for type information: every check resolves
// controller-runtime calls through go/types and builds SSA.
func (p *plugin) GetLoadMode() string {
	return register.LoadModeTypesInfo
}
