package probes

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

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

// OwnedBy reports, at each call, the owner reference it sets and the
// object it creates, by value (Refs, Creations), and what a call of a
// function of the module creates owned by each of its arguments
// (CreatesOwnedBy).
var OwnedBy = &analysis.Analyzer{
	Name:     "ownedbyprobe",
	Doc:      "report ownership's Refs, Creations and CreatesOwnedBy",
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, ownership.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := ownership.Of(pass)
		for _, fn := range ssapkg.Of(pass).SrcFuncs() {
			for _, ref := range r.Refs(fn) {
				pass.Reportf(ref.Call.Pos(), "ref %s owns %s", typeName(ref.Owner), typeName(ref.Owned))
			}
			for _, c := range r.Creations(fn) {
				pass.Reportf(c.Call.Pos(), "creates %s", typeName(c.Obj))
			}
			for call := range ssaflow.Calls(fn) {
				callee := crapi.Callee(call.Common())
				if callee == nil {
					continue
				}
				off := ssaflow.ReceiverOffset(callee)
				for i := range crapi.CallArgs(call.Common()) {
					for _, oc := range r.CreatesOwnedBy(callee, i+off) {
						what := oc.Key
						if what == "" {
							what = fmt.Sprintf("#%d", oc.Param)
						}
						pass.Reportf(call.Pos(), "creates %s owned by #%d", what, i+off)
					}
				}
			}
		}
		return nil, nil
	},
}

// typeName names the type of the object v, its package by name.
func typeName(v ssa.Value) string {
	return types.TypeString(ssaflow.Deref(ssaflow.Strip(v).Type()), func(p *types.Package) string { return p.Name() })
}
