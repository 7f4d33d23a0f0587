// Package registry lists every reconcilecheck check. The binary, the
// golangci-lint plugin and the documentation tests all read this one list.
package registry

import (
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/createexists"
	"github.com/reconcilecheck/reconcilecheck/analyzers/directive"
	"github.com/reconcilecheck/reconcilecheck/analyzers/droppederr"
	"github.com/reconcilecheck/reconcilecheck/analyzers/fieldindex"
	"github.com/reconcilecheck/reconcilecheck/analyzers/finalizerdeadlock"
	"github.com/reconcilecheck/reconcilecheck/analyzers/finalizerlock"
	"github.com/reconcilecheck/reconcilecheck/analyzers/finalizername"
	"github.com/reconcilecheck/reconcilecheck/analyzers/finalizerorder"
	"github.com/reconcilecheck/reconcilecheck/analyzers/finalizerreturn"
	"github.com/reconcilecheck/reconcilecheck/analyzers/globalfilter"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/lostctx"
	"github.com/reconcilecheck/reconcilecheck/analyzers/lostwakeup"
	"github.com/reconcilecheck/reconcilecheck/analyzers/mergebase"
	"github.com/reconcilecheck/reconcilecheck/analyzers/newclient"
	"github.com/reconcilecheck/reconcilecheck/analyzers/notfounderr"
	"github.com/reconcilecheck/reconcilecheck/analyzers/overwrittenerr"
	"github.com/reconcilecheck/reconcilecheck/analyzers/ownsnoowner"
	"github.com/reconcilecheck/reconcilecheck/analyzers/rbacgrant"
	"github.com/reconcilecheck/reconcilecheck/analyzers/reconcilerstate"
	"github.com/reconcilecheck/reconcilecheck/analyzers/resulterr"
	"github.com/reconcilecheck/reconcilecheck/analyzers/schemekind"
	"github.com/reconcilecheck/reconcilecheck/analyzers/selfowner"
	"github.com/reconcilecheck/reconcilecheck/analyzers/selfwatch"
	"github.com/reconcilecheck/reconcilecheck/analyzers/statusloop"
	"github.com/reconcilecheck/reconcilecheck/analyzers/statusrace"
	"github.com/reconcilecheck/reconcilecheck/analyzers/statussubresource"
	"github.com/reconcilecheck/reconcilecheck/analyzers/statuswriter"
	"github.com/reconcilecheck/reconcilecheck/analyzers/timewait"
	"github.com/reconcilecheck/reconcilecheck/analyzers/updatepatch"
)

// Check is one entry of the catalogue: an analyzer and the catalogue item
// it implements (docs/README.md lists them; docs/checks/<check>.md
// describes each).
type Check struct {
	Analyzer *analysis.Analyzer
	// Catalogue is the item of the check catalogue, such as "A4".
	Catalogue string
}

// checks is built once: each check is wrapped so that it reports the
// //reconcilecheck:ignore directives naming it that suppressed nothing.
var checks = func() []Check {
	cs := []Check{
		{Analyzer: finalizerdeadlock.Analyzer, Catalogue: "A1"},
		{Analyzer: rbacgrant.Analyzer, Catalogue: "C1"},
		{Analyzer: selfwatch.Analyzer, Catalogue: "A2"},
		{Analyzer: globalfilter.Analyzer, Catalogue: "A2"},
		{Analyzer: droppederr.Analyzer, Catalogue: "A3"},
		{Analyzer: notfounderr.Analyzer, Catalogue: "A4"},
		{Analyzer: updatepatch.Analyzer, Catalogue: "A5"},
		{Analyzer: lostwakeup.Analyzer, Catalogue: "A6"},
		{Analyzer: resulterr.Analyzer, Catalogue: "B1"},
		{Analyzer: statuswriter.Analyzer, Catalogue: "B2"},
		{Analyzer: selfowner.Analyzer, Catalogue: "B3"},
		{Analyzer: lostctx.Analyzer, Catalogue: "B4"},
		{Analyzer: ownsnoowner.Analyzer, Catalogue: "B5"},
		{Analyzer: statusrace.Analyzer, Catalogue: "B6"},
		{Analyzer: finalizername.Analyzer, Catalogue: "C2"},
		{Analyzer: statusloop.Analyzer, Catalogue: "C3"},
		{Analyzer: reconcilerstate.Analyzer, Catalogue: "C4"},
		{Analyzer: createexists.Analyzer, Catalogue: "C5"},
		{Analyzer: schemekind.Analyzer, Catalogue: "C6"},
		{Analyzer: statussubresource.Analyzer, Catalogue: "C7"},
		{Analyzer: fieldindex.Analyzer, Catalogue: "C8"},
		{Analyzer: mergebase.Analyzer, Catalogue: "C9"},
		{Analyzer: newclient.Analyzer, Catalogue: "C10"},
		{Analyzer: finalizerorder.Analyzer, Catalogue: "C11"},
		{Analyzer: finalizerlock.Analyzer, Catalogue: "C12"},
		{Analyzer: overwrittenerr.Analyzer, Catalogue: "C13"},
		{Analyzer: timewait.Analyzer, Catalogue: "C14"},
		{Analyzer: finalizerreturn.Analyzer, Catalogue: "C15"},
	}
	var names []string
	for _, c := range cs {
		diag.WithDirectives(c.Analyzer)
		names = append(names, c.Analyzer.Name)
	}
	return append(cs, Check{
		Analyzer:  directive.New(func() []string { return names }),
		Catalogue: "-",
	})
}()

// Checks returns every check, in catalogue order, then the directive
// check that reports malformed suppression comments.
func Checks() []Check {
	return append([]Check(nil), checks...)
}

// Analyzers returns the analyzers of every check, in catalogue order.
func Analyzers() []*analysis.Analyzer {
	var out []*analysis.Analyzer
	for _, c := range Checks() {
		out = append(out, c.Analyzer)
	}
	return out
}
