// Package plugin makes reconcilecheck a golangci-lint v2 module plugin.
//
// Blank-import it into a golangci-lint build (see tools/golangci-lint, or
// "golangci-lint custom" with a .custom-gcl.yml). It registers two forms,
// of which a .golangci.yml uses one.
//
// One linter per check, named as the check: issues, SARIF rule ids,
// //nolint:<check>, linters.enable, severity rules and --enable-only then
// name the check. "reconcilecheck -golangci-config" prints the entries;
// a check's settings are its flags:
//
//	linters:
//	  enable: [notfounderr, updatepatch]
//	  settings:
//	    custom:
//	      notfounderr: {type: module}
//	      updatepatch:
//	        type: module
//	        settings: {all: true}   # same as -updatepatch.all=true
//
// One linter, reconcilecheck, whose issues read "<check>: <message>":
//
//	linters:
//	  enable: [reconcilecheck]
//	  settings:
//	    custom:
//	      reconcilecheck:
//	        type: module
//	        settings:
//	          disable: [updatepatch]      # or enable: [...] to run only these
//	          flags:
//	            updatepatch: {all: true}  # same as -updatepatch.all=true
//
// The settings go through the same registry functions as the command
// line flags, so names and values are checked the same way in every mode.
//
// golangci-lint turns each related position of a diagnostic into an issue
// of its own, at another line, which a //nolint on the finding's line does
// not silence: the plugin folds them into the finding's message instead.
package plugin

import (
	"flag"
	"fmt"
	"go/token"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
)

// Name is the one-linter form's name: the key under
// linters.settings.custom, and the linter name golangci-lint reports and
// //nolint matches.
const Name = "reconcilecheck"

func init() {
	register.Plugin(Name, New)
	for _, c := range registry.Checks() {
		register.Plugin(c.Analyzer.Name, NewCheck(c.Analyzer.Name))
	}
}

type plugin struct {
	analyzers []*analysis.Analyzer
}

// New builds the one-linter form from its settings in .golangci.yml.
func New(conf any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[registry.Settings](conf)
	if err != nil {
		return nil, fmt.Errorf("reconcilecheck settings (keys: enable, disable, flags): %w", err)
	}
	if err := forms.use(Name); err != nil {
		return nil, err
	}
	analyzers, err := s.Select()
	if err != nil {
		return nil, fmt.Errorf("reconcilecheck settings: %w", err)
	}
	return &plugin{analyzers: folded(analyzers)}, nil
}

// NewCheck returns the constructor of the linter of one check, whose
// settings are the check's flags (flag name -> value). Listing the
// linter asks for the check, so it runs even if it ships off; whether it
// runs at all is golangci-lint's linters.enable.
func NewCheck(check string) register.NewPlugin {
	return func(conf any) (register.LinterPlugin, error) {
		flags, err := register.DecodeSettings[map[string]any](conf)
		if err != nil {
			return nil, fmt.Errorf("%s settings (the check's flags, name: value): %w", check, err)
		}
		if err := forms.use(check); err != nil {
			return nil, err
		}
		a, err := registry.Lookup(check)
		if err != nil {
			return nil, err
		}
		names := make([]string, 0, len(flags))
		for f := range flags {
			names = append(names, f)
		}
		sort.Strings(names)
		var known []string
		a.Flags.VisitAll(func(f *flag.Flag) {
			if f.Name != "enable" {
				known = append(known, f.Name)
			}
		})
		for _, f := range names {
			if !slices.Contains(known, f) {
				// enable is a flag of every check, but here
				// linters.enable decides whether the check runs.
				if len(known) == 0 {
					return nil, fmt.Errorf("%s settings: check %s has no flags (asked for %q)", check, check, f)
				}
				return nil, fmt.Errorf("%s settings: check %s has no flag %q (known: %s)", check, check, f, strings.Join(known, ", "))
			}
			if err := registry.SetFlag(check+"."+f, fmt.Sprint(flags[f])); err != nil {
				return nil, fmt.Errorf("%s settings: %w", check, err)
			}
		}
		if err := registry.SetFlag(check+".enable", "true"); err != nil {
			return nil, err
		}
		if err := registry.Validate(); err != nil {
			return nil, fmt.Errorf("%s settings: %w", check, err)
		}
		return &plugin{analyzers: folded([]*analysis.Analyzer{a})}, nil
	}
}

func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return p.analyzers, nil
}

// GetLoadMode asks for type information: every check resolves
// controller-runtime calls through go/types and builds SSA.
func (p *plugin) GetLoadMode() string {
	return register.LoadModeTypesInfo
}

// formSet remembers which form a golangci-lint run configured: both would
// run every check twice, under two names, and golangci-lint maps an
// analyzer to one linter only.
type formSet struct {
	mu    sync.Mutex
	one   bool     // the reconcilecheck linter was built
	perCk []string // per-check linters built
}

var forms formSet

func (s *formSet) use(name string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if name == Name {
		s.one = true
	} else {
		s.perCk = append(s.perCk, name)
	}
	if s.one && len(s.perCk) > 0 {
		return fmt.Errorf("linters.settings.custom has both the reconcilecheck linter and per-check linters (%s): keep one form (reconcilecheck -golangci-config prints the per-check one)", strings.Join(s.perCk, ", "))
	}
	return nil
}

var (
	foldOnce sync.Once
	foldedOf map[*analysis.Analyzer]*analysis.Analyzer
)

// folded returns, for each registry analyzer, its copy whose diagnostics
// carry their related information in the message. The copies are made
// once, so that every linter of a run shares them (and golangci-lint runs
// each check once).
func folded(as []*analysis.Analyzer) []*analysis.Analyzer {
	foldOnce.Do(func() {
		foldedOf = map[*analysis.Analyzer]*analysis.Analyzer{}
		for _, a := range registry.Analyzers() {
			foldedOf[a] = foldRelated(a)
		}
	})
	out := make([]*analysis.Analyzer, len(as))
	for i, a := range as {
		out[i] = foldedOf[a]
	}
	return out
}

func foldRelated(a *analysis.Analyzer) *analysis.Analyzer {
	c := *a
	run := a.Run
	c.Run = func(pass *analysis.Pass) (any, error) {
		p := *pass
		p.Report = func(d analysis.Diagnostic) {
			d.Message = FoldRelated(pass.Fset, d)
			d.Related = nil
			pass.Report(d)
		}
		return run(&p)
	}
	return &c
}

// FoldRelated returns d's message followed by its related information:
// "<message> (line 12: <related>; other.go:40: <related>)".
func FoldRelated(fset *token.FileSet, d analysis.Diagnostic) string {
	if len(d.Related) == 0 {
		return d.Message
	}
	at := fset.Position(d.Pos)
	var parts []string
	for _, r := range d.Related {
		p := fset.Position(r.Pos)
		where := fmt.Sprintf("line %d", p.Line)
		if p.Filename != at.Filename {
			where = fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
		}
		parts = append(parts, where+": "+r.Message)
	}
	return d.Message + " (" + strings.Join(parts, "; ") + ")"
}
