package rbacgrant

import (
	_ "embed"
	"fmt"
	"go/ast"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/apimarkers"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/reach"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/wiring"
)

//go:embed doc.go
var doc string

// Analyzer reports permissions the module's code needs that its RBAC
// markers do not grant.
var Analyzer = &analysis.Analyzer{
	Name:     "rbacgrant",
	Doc:      checkdoc.MustExtract(doc, "rbacgrant"),
	URL:      "https://github.com/reconcilecheck/reconcilecheck/blob/main/docs/checks/rbacgrant.md",
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, apimarkers.Analyzer, reach.Analyzer, wiring.Analyzer},
	Run:      run,
}

type checker struct {
	pass    *analysis.Pass
	markers *apimarkers.Result
	w       *wiring.Result
}

func run(pass *analysis.Pass) (any, error) {
	// The role is the binary's: checked in package main, for the
	// managers it makes and those it runs through calls into other
	// packages (wiring's facts). A manager no binary runs is a test
	// environment's.
	if pass.Pkg.Name() != "main" {
		return nil, nil
	}
	// Package-level initializers hold closures too: cobra's
	// var rootCmd = &cobra.Command{Run: func(...) {...}}. Test files
	// are left out: what the binary runs.
	src := reach.Of(pass).Source()
	if len(src) == 0 {
		return nil, nil
	}
	w := pass.ResultOf[wiring.Analyzer].(*wiring.Result)
	c := &checker{pass: pass, markers: apimarkers.Of(pass), w: w}
	managers := w.Managers()
	// Managers made in other packages of the module that main calls (a
	// pkg/cmd/server package): reported at main's call, with what the
	// function that makes each may run.
	calls := w.ManagerCalls()
	if len(managers) > 0 && oneRun(managers, calls) {
		// Made and run by one function (jobset's main runs the bootstrap
		// manager of its cert package, then its own): one process, one
		// role, checked once, at the managers main makes.
		calls = nil
	}
	several := len(managers)+len(calls) > 1
	// A binary whose code carries no marker of the module (piraeus's
	// cmd/gencert beside its operator) most likely runs under a role of
	// its own, written by hand: judged as one of several managers is.
	partial := several || !carriesMarkers(c.markers)
	// What the binary runs: the code package main may run, not all of
	// its imports (a controller package's reconciler that no manager
	// starts needs nothing).
	all := wiring.ViaManager(w.Requests(src, nil))
	for _, m := range managers {
		needs := all
		if several {
			// Several managers (cobra subcommands of one binary) run
			// different controllers: each gets what its own code runs.
			needs = wiring.ViaManager(w.Requests([]*ssa.Function{m.Fn}, nil))
		}
		if expr := ssaflow.CallExpr(m.Fn, m.Call); expr != nil {
			c.check(m.Fn, expr, wiring.Site{}, needs, all, partial)
		}
	}
	for _, m := range calls {
		needs := all
		if several {
			needs = m.Site.Requests
		}
		c.check(m.Fn, m.Node, m.Site, needs, all, partial)
	}
	return nil, nil
}

// carriesMarkers reports whether package main or a package of the module
// it imports has an RBAC marker.
func carriesMarkers(r *apimarkers.Result) bool {
	for _, p := range r.All() {
		if len(p.Rules) > 0 {
			return true
		}
	}
	return false
}

// oneRun reports whether every manager package main makes and every call
// that reaches another package's are in one function: they run in one
// process, under its one role. Cobra subcommands, each a function literal
// of its own, are run one at a time, each maybe under a role of its own.
func oneRun(managers []wiring.Manager, calls []wiring.ManagerCall) bool {
	fn := managers[0].Fn
	for _, m := range managers {
		if m.Fn != fn {
			return false
		}
	}
	for _, c := range calls {
		if c.Fn != fn {
			return false
		}
	}
	return true
}

// uncached returns the resources the manager's client reads without its
// cache: those of package main, or of the package that makes the manager.
func (c *checker) uncached(site wiring.Site) map[apimarkers.Resource]bool {
	out := map[apimarkers.Resource]bool{}
	list := site.Uncached
	if site.At == "" {
		list = c.w.Uncached()
	}
	for _, r := range list {
		out[r] = true
	}
	return out
}

// grantSet holds the rules of the module's markers.
type grantSet []apimarkers.Rule

func normGroup(g string) string {
	if g == "core" {
		return ""
	}
	return g
}

// grants reports whether some rule grants verb on resource (with sub,
// "deployments/status") of group.
func (g grantSet) grants(group, resource, verb string) bool {
	for _, r := range g {
		if !slices.ContainsFunc(r.Groups, func(x string) bool { return x == "*" || normGroup(x) == group }) {
			continue
		}
		if !slices.ContainsFunc(r.Resources, func(x string) bool { return x == "*" || x == resource }) {
			continue
		}
		if slices.ContainsFunc(r.Verbs, func(x string) bool { return x == "*" || strings.EqualFold(x, verb) }) {
			return true
		}
	}
	return false
}

// anyVerb reports whether some rule grants some verb on the resource.
func (g grantSet) anyVerb(group, resource string) bool {
	for _, r := range g {
		if slices.ContainsFunc(r.Groups, func(x string) bool { return x == "*" || normGroup(x) == group }) &&
			slices.ContainsFunc(r.Resources, func(x string) bool { return x == "*" || x == resource }) && len(r.Verbs) > 0 {
			return true
		}
	}
	return false
}

// option is one way to satisfy a need: all of verbs on the resource.
type option struct {
	group, resource string
	verbs           []string
}

// options returns the ways the manager's RBAC can satisfy n; uncached
// lists the resources whose reads skip the cache (DisableFor).
func options(n wiring.Request, uncached map[apimarkers.Resource]bool) []option {
	res := n.Resource.Resource
	if n.Sub != "" {
		res += "/" + n.Sub
	}
	one := func(verbs ...string) option { return option{n.Resource.Group, res, verbs} }
	switch n.Access {
	case wiring.Watch:
		return []option{one("list", "watch")}
	case wiring.Read:
		switch {
		case uncached[n.Resource]:
			return []option{one("get")}
		case n.Reader:
			return []option{one("list", "watch"), one("get")}
		}
		return []option{one("list", "watch")}
	case wiring.List:
		if uncached[n.Resource] || n.Reader {
			return []option{one("list")}
		}
		return []option{one("list", "watch")}
	case wiring.Event:
		return []option{one("create", "patch")}
	}
	return []option{one(string(n.Access))}
}

// missing is what a resource lacks, with the first need of each verb.
type missing struct {
	group, resource string
	verbs           []string
	by              []wiring.Request
}

// With partial, only resources the markers grant some verb on are
// reported: a binary with several managers may run one of them under a
// role written by hand (a cert-controller subcommand), whose resources
// then appear in no marker at all.
// site, when its At is set, is the manager another package makes that
// call reaches.
func (c *checker) check(fn *ssa.Function, expr ast.Node, site wiring.Site, needs, all []wiring.Request, partial bool) {
	var rules grantSet
	// The role is generated from the markers of the whole module.
	rules, ok := apimarkers.ModuleRules(c.pass)
	if ok && !apimarkers.RoleDeployed(c.pass) {
		return // the role is written by hand; the markers may be stale notes
	}
	if !ok {
		for _, p := range c.markers.All() {
			rules = append(rules, p.Rules...)
		}
	}
	if len(rules) == 0 {
		return // the role is not generated from markers
	}
	uncached := c.uncached(site)
	var order []string
	byRes := map[string]*missing{}
	for _, n := range needs {
		opts := options(n, uncached)
		if slices.ContainsFunc(opts, func(o option) bool {
			return !slices.ContainsFunc(o.verbs, func(v string) bool { return !rules.grants(o.group, o.resource, v) })
		}) {
			continue
		}
		o := opts[0]
		if partial && !rules.anyVerb(o.group, o.resource) {
			continue
		}
		key := o.group + "|" + o.resource
		m := byRes[key]
		if m == nil {
			m = &missing{group: o.group, resource: o.resource}
			byRes[key] = m
			order = append(order, key)
		}
		for _, v := range o.verbs {
			if !rules.grants(o.group, o.resource, v) && !slices.Contains(m.verbs, v) {
				m.verbs = append(m.verbs, v)
				if !slices.ContainsFunc(m.by, func(x wiring.Request) bool { return x.At == n.At && x.What == n.What }) {
					m.by = append(m.by, n)
				}
			}
		}
	}
	slices.Sort(order)
	for _, key := range order {
		c.report(fn, expr, site.At, byRes[key])
	}
	if unused {
		c.reportUnused(expr, rules, all, uncached)
	}
}

// effect says what fails at run time without the verbs.
func effect(m *missing) string {
	res := m.resource
	switch {
	case strings.HasSuffix(res, "/status"):
		return "every status write fails with forbidden and the status is never saved"
	case res == "events":
		return "the events are dropped (forbidden), so `kubectl describe` shows none"
	case slices.Contains(m.verbs, "watch") || (slices.Contains(m.verbs, "list") && slices.ContainsFunc(m.by, func(n wiring.Request) bool {
		return n.Access == wiring.Watch || !n.Reader && (n.Access == wiring.Read || n.Access == wiring.List)
	})):
		return fmt.Sprintf("the informer for %s cannot start (list/watch forbidden): the controller's cache never syncs, so it does not start and its reads block until they time out", res)
	}
	return "the call fails with forbidden on every reconcile"
}

func (c *checker) report(fn *ssa.Function, expr ast.Node, site string, m *missing) {
	var sites []string
	for _, n := range m.by {
		sites = append(sites, fmt.Sprintf("%s at %s", n.What, n.At))
	}
	group := m.group
	if group == "" {
		group = "core"
	}
	marker := fmt.Sprintf("// +kubebuilder:rbac:groups=%s,resources=%s,verbs=%s", group, m.resource, strings.Join(m.verbs, ";"))
	manager := ""
	if site != "" {
		manager = " of the manager made at " + site + " (which this call runs)"
	}
	msg := fmt.Sprintf("no +kubebuilder:rbac marker of the module grants %s on %s (group %s), which %s%s needs: %s; add %s",
		strings.Join(m.verbs, ", "), m.resource, group, strings.Join(sites, ", "), manager, effect(m), marker)
	diag.Reportf(c.pass, expr, c.fix(fn, marker), "%s", msg)
}

// fix inserts the marker line above the declaration that creates the
// manager (above its doc comment, separated by a blank line, where
// controller-gen collects it as a package marker).
func (c *checker) fix(fn *ssa.Function, marker string) []analysis.SuggestedFix {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	decl, ok := fn.Syntax().(*ast.FuncDecl)
	if !ok {
		return nil
	}
	pos := decl.Pos()
	if decl.Doc != nil {
		pos = decl.Doc.Pos()
	}
	return []analysis.SuggestedFix{{
		Message:   "Add " + strings.TrimPrefix(marker, "// "),
		TextEdits: []analysis.TextEdit{{Pos: pos, End: pos, NewText: []byte(marker + "\n\n")}},
	}}
}
