package fixturetest

import (
	"flag"
	"fmt"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest/probes"
	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
)

// factCategory prefixes the category of the pseudo-diagnostics by which
// the fixture tool reports a check's facts ("fact:<object name>"), so that
// "// want Name:`fact`" expectations can be checked from go vet's JSON.
const factCategory = "fact:"

// toolFlags are the flag values the fixture tool gives every check that
// has the flag, whatever its default: fixtures test the checks that ship
// off too, and a run with the same flags shares go vet's cache.
var toolFlags = map[string]string{"enable": "true"}

// ToolAnalyzers returns the registry's analyzers and the layers' probes
// (package probes) as the fixture tool (fixturevet) runs them: every
// check enabled, and each reporting the facts it exports about its
// package's objects as diagnostics of category "fact:<name>" (the
// package's own facts as "fact:package", at its first file). It changes
// the analyzers in place, so it is for that binary only.
func ToolAnalyzers() []*analysis.Analyzer {
	as := toolSet()
	for _, a := range as {
		for name, v := range toolFlags {
			if a.Flags.Lookup(name) != nil {
				if err := a.Flags.Set(name, v); err != nil {
					panic(err)
				}
			}
		}
		if len(a.FactTypes) == 0 {
			continue
		}
		run := a.Run
		a.Run = func(pass *analysis.Pass) (any, error) {
			res, err := run(pass)
			if err != nil {
				return res, err
			}
			for _, f := range pass.AllPackageFacts() {
				if f.Package == pass.Pkg && len(pass.Files) > 0 {
					pass.Report(analysis.Diagnostic{Pos: pass.Files[0].Package, Category: factCategory + "package", Message: fmt.Sprint(f.Fact)})
				}
			}
			for _, f := range pass.AllObjectFacts() {
				if f.Object.Pkg() == pass.Pkg {
					pass.Report(analysis.Diagnostic{Pos: f.Object.Pos(), Category: factCategory + f.Object.Name(), Message: fmt.Sprint(f.Fact)})
				}
			}
			return res, nil
		}
	}
	return as
}

// toolSet is what the fixture tool runs: the registry's checks, then the
// layers' probes and the layers whose facts their tests pin.
func toolSet() []*analysis.Analyzer {
	return append(registry.Analyzers(), probes.All()...)
}

// inTool reports whether the fixture tool runs a; others (checks built
// with other arguments) are run in this process.
func inTool(a *analysis.Analyzer) bool {
	return slices.Contains(toolSet(), a)
}

// vetFlags returns the go vet flags that give a's flags in the fixture
// tool the values they have here; toolFlags are the tool's, whatever
// their value here (a check off by default is tested on).
func vetFlags(a *analysis.Analyzer) []string {
	var out []string
	a.Flags.VisitAll(func(f *flag.Flag) {
		if _, ok := toolFlags[f.Name]; ok {
			return
		}
		if cur := f.Value.String(); cur != f.DefValue {
			out = append(out, "-"+a.Name+"."+f.Name+"="+cur)
		}
	})
	return out
}
