// Package registry lists every reconcilecheck check. The binary, the
// golangci-lint plugin and the documentation tests all read this one list.
package registry

import (
	"flag"
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/applyconverted"
	"github.com/reconcilecheck/reconcilecheck/analyzers/blindupdate"
	"github.com/reconcilecheck/reconcilecheck/analyzers/cachelabel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/cachenotstarted"
	"github.com/reconcilecheck/reconcilecheck/analyzers/cleanupnofinalizer"
	"github.com/reconcilecheck/reconcilecheck/analyzers/cleanupnotfound"
	"github.com/reconcilecheck/reconcilecheck/analyzers/createexists"
	"github.com/reconcilecheck/reconcilecheck/analyzers/deletionblocked"
	"github.com/reconcilecheck/reconcilecheck/analyzers/deletionfilter"
	"github.com/reconcilecheck/reconcilecheck/analyzers/directive"
	"github.com/reconcilecheck/reconcilecheck/analyzers/droppederr"
	"github.com/reconcilecheck/reconcilecheck/analyzers/enqueueobject"
	"github.com/reconcilecheck/reconcilecheck/analyzers/eventtype"
	"github.com/reconcilecheck/reconcilecheck/analyzers/fieldindex"
	"github.com/reconcilecheck/reconcilecheck/analyzers/finalizerdeadlock"
	"github.com/reconcilecheck/reconcilecheck/analyzers/finalizerlock"
	"github.com/reconcilecheck/reconcilecheck/analyzers/finalizername"
	"github.com/reconcilecheck/reconcilecheck/analyzers/finalizerorder"
	"github.com/reconcilecheck/reconcilecheck/analyzers/finalizerreturn"
	"github.com/reconcilecheck/reconcilecheck/analyzers/globalfilter"
	"github.com/reconcilecheck/reconcilecheck/analyzers/immutablefield"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/listnamespace"
	"github.com/reconcilecheck/reconcilecheck/analyzers/lostctx"
	"github.com/reconcilecheck/reconcilecheck/analyzers/lostwakeup"
	"github.com/reconcilecheck/reconcilecheck/analyzers/mergebase"
	"github.com/reconcilecheck/reconcilecheck/analyzers/metaedits"
	"github.com/reconcilecheck/reconcilecheck/analyzers/metricsregistry"
	"github.com/reconcilecheck/reconcilecheck/analyzers/mutateoutside"
	"github.com/reconcilecheck/reconcilecheck/analyzers/newclient"
	"github.com/reconcilecheck/reconcilecheck/analyzers/nogeneration"
	"github.com/reconcilecheck/reconcilecheck/analyzers/notfounderr"
	"github.com/reconcilecheck/reconcilecheck/analyzers/orphandelete"
	"github.com/reconcilecheck/reconcilecheck/analyzers/overwrittenerr"
	"github.com/reconcilecheck/reconcilecheck/analyzers/ownerrefnil"
	"github.com/reconcilecheck/reconcilecheck/analyzers/ownerscope"
	"github.com/reconcilecheck/reconcilecheck/analyzers/ownsnoowner"
	"github.com/reconcilecheck/reconcilecheck/analyzers/rbacgrant"
	"github.com/reconcilecheck/reconcilecheck/analyzers/reconcilerstate"
	"github.com/reconcilecheck/reconcilecheck/analyzers/requeueunit"
	"github.com/reconcilecheck/reconcilecheck/analyzers/resulterr"
	"github.com/reconcilecheck/reconcilecheck/analyzers/schemekind"
	"github.com/reconcilecheck/reconcilecheck/analyzers/selfowner"
	"github.com/reconcilecheck/reconcilecheck/analyzers/selfwatch"
	"github.com/reconcilecheck/reconcilecheck/analyzers/statusloop"
	"github.com/reconcilecheck/reconcilecheck/analyzers/statuslost"
	"github.com/reconcilecheck/reconcilecheck/analyzers/statusrace"
	"github.com/reconcilecheck/reconcilecheck/analyzers/statussubresource"
	"github.com/reconcilecheck/reconcilecheck/analyzers/statuswriter"
	"github.com/reconcilecheck/reconcilecheck/analyzers/terminatinglive"
	"github.com/reconcilecheck/reconcilecheck/analyzers/timewait"
	"github.com/reconcilecheck/reconcilecheck/analyzers/updatepatch"
	"github.com/reconcilecheck/reconcilecheck/analyzers/webhookpath"
	"github.com/reconcilecheck/reconcilecheck/analyzers/wholemerge"
)

// Check is one entry of the catalogue: an analyzer and the catalogue item
// it implements (docs/README.md lists them; docs/checks/<check>.md
// describes each).
type Check struct {
	Analyzer *analysis.Analyzer
	// Catalogue is the item of the check catalogue, such as "A4".
	Catalogue string
	// Off, when not empty, says why the check ships off by default (its
	// page gives what was measured). -<check>.enable, naming the check
	// (-<check>, the plugin's enable list) or the plugin's
	// flags.<check>.enable turn it on.
	Off string
	// Level is how serious its findings are; the zero value is Error.
	Level Level

	enable *bool // the value of its -<check>.enable flag
}

// Level is how serious a check's findings are. An error is a controller
// that breaks at run time: an object that never goes away, a call the
// API server refuses, a reconcile that never ends or never runs again. A
// warning is a cost without a break: conflicts that a retry absorbs, a
// lost event or log context, a noisy API warning, a flaky test.
type Level string

// The levels, as SARIF and golangci-lint's severity name them.
const (
	Error   Level = "error"
	Warning Level = "warning"
)

// Enabled reports whether the check runs: on by default and not turned
// off by -<check>.enable=false, or off by default and turned on.
func (c Check) Enabled() bool { return *c.enable }

// gate gives c's analyzer its enable flag, whose default is the check's
// default state, and makes its Run do nothing while the flag is false:
// the default state and its switch live here, not in every check.
func gate(c *Check) {
	a := c.Analyzer
	on := c.Off == ""
	c.enable = &on
	usage := "run the check (on by default; false turns it off, as -" + a.Name + "=false does)"
	if !on {
		usage = offUsage(c.Off)
	}
	a.Flags.BoolVar(c.enable, "enable", on, usage)
	run := a.Run
	a.Run = func(pass *analysis.Pass) (any, error) {
		if !*c.enable {
			// In go vet, each package's run is the first to see the flags.
			return nil, c.validate()
		}
		return run(pass)
	}
}

// offUsage is the usage of the enable flag of a check off by default.
func offUsage(reason string) string { return "run the check, which is off by default: " + reason }

// validate rejects a flag of the check set while the check does not run:
// it would change nothing, and the user meant the check to run.
func (c Check) validate() error {
	if *c.enable {
		return nil
	}
	var set []string
	c.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		if f.Name != "enable" && f.Value.String() != f.DefValue {
			set = append(set, "-"+c.Analyzer.Name+"."+f.Name)
		}
	})
	if len(set) == 0 {
		return nil
	}
	state := "turned off"
	if c.Off != "" {
		state = "off by default"
	}
	return fmt.Errorf("%s has no effect: check %s is %s; turn it on with -%s.enable", strings.Join(set, ", "), c.Analyzer.Name, state, c.Analyzer.Name)
}

// Validate checks the flags of every check as they are now set (see
// Check.validate); the command and the plugin call it once the user's
// flags are applied.
func Validate() error {
	for _, c := range checks {
		if err := c.validate(); err != nil {
			return err
		}
	}
	return nil
}

// checks is built once: each check is wrapped so that it reports the
// //reconcilecheck:ignore directives naming it that suppressed nothing,
// and given its page's URL.
var checks = func() []Check {
	cs := []Check{
		{Analyzer: finalizerdeadlock.Analyzer, Catalogue: "A1"},
		{Analyzer: rbacgrant.Analyzer, Catalogue: "C1"},
		{Analyzer: selfwatch.Analyzer, Catalogue: "A2"},
		{Analyzer: globalfilter.Analyzer, Catalogue: "A2"},
		{Analyzer: droppederr.Analyzer, Catalogue: "A3"},
		{Analyzer: notfounderr.Analyzer, Catalogue: "A4"},
		{Analyzer: updatepatch.Analyzer, Catalogue: "A5", Level: Warning},
		{Analyzer: lostwakeup.Analyzer, Catalogue: "A6"},
		{Analyzer: resulterr.Analyzer, Catalogue: "B1", Level: Warning},
		{Analyzer: statuswriter.Analyzer, Catalogue: "B2"},
		{Analyzer: selfowner.Analyzer, Catalogue: "B3"},
		{Analyzer: lostctx.Analyzer, Catalogue: "B4", Level: Warning},
		{Analyzer: ownsnoowner.Analyzer, Catalogue: "B5"},
		{Analyzer: statusrace.Analyzer, Catalogue: "B6", Level: Warning},
		{Analyzer: finalizername.Analyzer, Catalogue: "C2", Level: Warning},
		{Analyzer: statusloop.Analyzer, Catalogue: "C3"},
		{Analyzer: reconcilerstate.Analyzer, Catalogue: "C4"},
		{Analyzer: createexists.Analyzer, Catalogue: "C5"},
		{Analyzer: schemekind.Analyzer, Catalogue: "C6"},
		{Analyzer: statussubresource.Analyzer, Catalogue: "C7"},
		{Analyzer: fieldindex.Analyzer, Catalogue: "C8"},
		{Analyzer: mergebase.Analyzer, Catalogue: "C9"},
		{Analyzer: newclient.Analyzer, Catalogue: "C10", Level: Warning},
		{Analyzer: finalizerorder.Analyzer, Catalogue: "C11"},
		{Analyzer: finalizerlock.Analyzer, Catalogue: "C12"},
		{Analyzer: overwrittenerr.Analyzer, Catalogue: "C13", Level: Warning},
		{Analyzer: timewait.Analyzer, Catalogue: "C14"},
		{Analyzer: finalizerreturn.Analyzer, Catalogue: "C15"},
		{Analyzer: ownerscope.Analyzer, Catalogue: "D1"},
		{Analyzer: nogeneration.Analyzer, Catalogue: "D2"},
		{Analyzer: orphandelete.Analyzer, Catalogue: "D3"},
		{Analyzer: cachenotstarted.Analyzer, Catalogue: "D4"},
		{Analyzer: webhookpath.Analyzer, Catalogue: "D5"},
		{Analyzer: ownerrefnil.Analyzer, Catalogue: "D6"},
		{Analyzer: metaedits.Analyzer, Catalogue: "D7"},
		{Analyzer: statuslost.Analyzer, Catalogue: "D8"},
		{Analyzer: mutateoutside.Analyzer, Catalogue: "D9"},
		{Analyzer: eventtype.Analyzer, Catalogue: "D10", Level: Warning},
		{Analyzer: enqueueobject.Analyzer, Catalogue: "D12"},
		{Analyzer: applyconverted.Analyzer, Catalogue: "D13"},
		{Analyzer: deletionblocked.Analyzer, Catalogue: "E1"},
		{Analyzer: cleanupnofinalizer.Analyzer, Catalogue: "E3", Off: "no public fix of its class was found to measure its recall; it reports nothing on the ten operators of issue #56 and the earlier projects (docs/accuracy.md)"},
		{Analyzer: cleanupnotfound.Analyzer, Catalogue: "E4", Off: "each project it ran on showed a new false shape (items a listing helper returned, topolvm; an object held in a struct field, k0smotron; a collection filled by a List, hive; a helper given each listed item, oracle-database-operator), each now a twin: 1 true of 6 judged findings (docs/accuracy.md)"},
		{Analyzer: deletionfilter.Analyzer, Catalogue: "E5", Off: "no public fix of its class was found (the threads found all change generation predicates, which pass the deletion); it reports nothing on the ten operators of issue #56 and the earlier projects (docs/accuracy.md)"},
		{Analyzer: terminatinglive.Analyzer, Catalogue: "E6", Off: "what it finds costs a delay, not a hang: in a foreground deletion the garbage collector deletes each re-created child again and the deletion ends once it finds none (kubernetes pkg/controller/garbagecollector); measured in docs/accuracy.md"},
		{Analyzer: metricsregistry.Analyzer, Catalogue: "E8"},
		{Analyzer: requeueunit.Analyzer, Catalogue: "E9"},
		{Analyzer: wholemerge.Analyzer, Catalogue: "E10"},
		{Analyzer: blindupdate.Analyzer, Catalogue: "E11", Off: "it caught no public fix of its class: nebius/soperator's Update of a built object goes through a helper given a client.Object, and StarRocks' Service is a kind whose updates need no resourceVersion today; no finding on the ten operators of issue #57 (docs/accuracy.md)"},
		{Analyzer: immutablefield.Analyzer, Catalogue: "E12"},
		{Analyzer: cachelabel.Analyzer, Catalogue: "E13", Off: "it catches none of the public fixes of its class (both read user-named objects through a filtered cache, one a cache of the controller's own) and reports nothing on the ten operators of issue #58 and the earlier projects: it follows only a Get then a Create of an object made as a literal in one function (docs/accuracy.md)"},
		{Analyzer: listnamespace.Analyzer, Catalogue: "E14", Off: "a manager whose cache is held to one namespace in package main (cache.Options.DefaultNamespaces) lists that namespace only, which the reconciler's package cannot see: a List it reports may touch nothing outside its namespace. Measured: 4 judged findings true, 1 false (fixed), 2 of 2 public fixes caught (docs/accuracy.md)"},
	}
	var names []string
	for _, c := range cs {
		diag.WithDirectives(c.Analyzer)
		names = append(names, c.Analyzer.Name)
	}
	cs = append(cs, Check{
		Analyzer:  directive.New(func() []string { return names }),
		Catalogue: "-",
		Level:     Warning,
	})
	for i := range cs {
		if cs[i].Level == "" {
			cs[i].Level = Error
		}
		if a := cs[i].Analyzer; a.URL == "" {
			a.URL = PagesURL + a.Name + ".md"
		}
		gate(&cs[i])
	}
	return cs
}()

// PagesURL is where the checks' pages (docs/checks) are published: a
// check's URL, which the registry sets, is PagesURL + "<check>.md".
const PagesURL = "https://github.com/reconcilecheck/reconcilecheck/blob/main/docs/checks/"

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
