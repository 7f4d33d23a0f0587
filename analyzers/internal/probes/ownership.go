package probes

import (
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ownership"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// Created reports, at each client Update, whether the type of its
// object is created with owner references by the package or the module's
// packages it imports (CreatesOwned).
var Created = &analysis.Analyzer{
	Name:     "createdprobe",
	Doc:      "report CreatesOwned at each Update",
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, ownership.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := ownership.Of(pass)
		for _, fn := range ssapkg.Of(pass).SrcFuncs() {
			for _, site := range crapi.ClientCalls(fn) {
				if site.Method != crapi.Update || len(site.Args) < 2 {
					continue
				}
				answer := "not owned"
				if r.CreatesOwned(ssaflow.Strip(site.Args[1]).Type()) {
					answer = "creates owned"
				}
				pass.Reportf(site.Call.Pos(), "%s", answer)
			}
		}
		return nil, nil
	},
}

// Sites reports each owner reference between known types set in the
// package, and checks that TypeName finds both types.
var Sites = &analysis.Analyzer{
	Name:     "siteprobe",
	Doc:      "report ownership's Sites",
	Requires: []*analysis.Analyzer{ownership.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := ownership.Of(pass)
		for _, s := range r.Sites() {
			ctl := ""
			if s.Controller {
				ctl = " (controller)"
			}
			if r.TypeName(s.Owner) == nil || r.TypeName(s.Owned) == nil {
				ctl += " (type not found)"
			}
			pass.Reportf(s.Pos, "owner %s of %s%s", s.Owner, s.Owned, ctl)
		}
		return nil, nil
	},
}
