// Command fixturevet is the vet tool the fixture tests run with go vet
// (internal/fixturetest builds it by its import path): the registry's
// checks, every one enabled, and the layers' probes, reporting their
// facts as diagnostics too. One binary for every check's and layer's
// tests lets go vet's cache analyse the real modules once.
//
// Run with fixturetest.ListFlag as its only argument, it prints the name
// and fingerprint of each analyzer it runs, by which the harness decides
// which analyzers to run through it (fixturetest.InTool).
package main

import (
	"fmt"
	"os"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/probes"
	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func main() {
	as := analyzers()
	if len(os.Args) == 2 && os.Args[1] == fixturetest.ListFlag {
		if err := fixturetest.WriteList(os.Stdout, as); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	unitchecker.Main(withFacts(as)...)
}

// analyzers is what the fixture tool runs: the registry's checks, then
// the layers' probes and the layers whose facts their tests pin.
func analyzers() []*analysis.Analyzer {
	return append(registry.Analyzers(), probes.All()...)
}

// withFacts sets fixturetest.ToolFlags on every analyzer that has the
// flag (every check on), and makes each analyzer with facts report the
// facts it exports about its package's objects as diagnostics of category
// "fact:<name>" (the package's own facts as "fact:package", at its first
// file). It changes the analyzers in place, so it is for this binary only.
func withFacts(as []*analysis.Analyzer) []*analysis.Analyzer {
	for _, a := range as {
		for name, v := range fixturetest.ToolFlags() {
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
					pass.Report(analysis.Diagnostic{Pos: pass.Files[0].Package, Category: fixturetest.FactCategory + "package", Message: fmt.Sprint(f.Fact)})
				}
			}
			for _, f := range pass.AllObjectFacts() {
				if f.Object.Pkg() == pass.Pkg {
					pass.Report(analysis.Diagnostic{Pos: f.Object.Pos(), Category: fixturetest.FactCategory + f.Object.Name(), Message: fmt.Sprint(f.Fact)})
				}
			}
			return res, nil
		}
	}
	return as
}
