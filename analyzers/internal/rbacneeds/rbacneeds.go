package rbacneeds

import (
	"go/ast"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/apimarkers"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/reach"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/wiring"
)

// Binary is what package main runs under one role: its managers, each
// with what the code it runs asks, and the rules of that role.
type Binary struct {
	Managers []Manager
	// All is what all the code of package main asks (test files left
	// out): what unused grants are judged against.
	All []wiring.Request
	// Rules are the rules of the role, the module's markers.
	Rules Grants
	// Judged is false when the role is not generated from the markers
	// (none, or a role written or defined by hand is deployed): nothing
	// is then missing or unused, rbacgrant is silent.
	Judged bool
}

// Manager is a manager the binary runs.
type Manager struct {
	// Fn is the function of package main that makes the manager, or that
	// calls into the package of the module that makes it.
	Fn *ssa.Function
	// Call is the NewManager call, for a manager package main makes.
	Call *ssa.Call
	// Node is where rbacgrant reports: the NewManager call, or main's
	// call (or variable reference) that reaches it; nil when its syntax
	// is not found.
	Node ast.Node
	// Site is the manager made in another package (Site.At set); zero
	// for one package main makes.
	Site wiring.Site
	// Funcs are the functions of package main whose code runs with the
	// manager: all of main's, or Fn alone when the binary makes several
	// managers (cobra subcommands), each running its own controllers.
	Funcs []*ssa.Function
	// Needs is what that code asks of the API server.
	Needs []wiring.Request
	// Partial: the binary makes several managers, or carries no marker,
	// so one of them may run under a role written by hand: only the
	// resources some marker names are judged (see MissingOf).
	Partial bool
	// Uncached are the resources its client reads without the cache
	// (client.CacheOptions.DisableFor).
	Uncached map[apimarkers.Resource]bool
}

// Of returns the managers package main makes or runs through calls into
// other packages (wiring's Managers and ManagerCalls) with what each
// needs; nil outside package main and for a main without source code.
// A manager no binary runs is a test environment's.
func Of(pass *analysis.Pass, w *wiring.Result, markers *apimarkers.Result) *Binary {
	if pass.Pkg.Name() != "main" {
		return nil
	}
	// Package-level initializers hold closures too: cobra's
	// var rootCmd = &cobra.Command{Run: func(...) {...}}. Test files
	// are left out: what the binary runs.
	src := reach.Of(pass).Source()
	if len(src) == 0 {
		return nil
	}
	managers := w.Managers()
	// Managers made in other packages of the module that main calls (a
	// pkg/cmd/server package), with what the function that makes each
	// may run.
	calls := w.ManagerCalls()
	if len(managers) > 0 && oneRun(managers, calls) {
		// Made and run by one function (jobset's main runs the bootstrap
		// manager of its cert package, then its own): one process, one
		// role, judged once, at the managers main makes.
		calls = nil
	}
	several := len(managers)+len(calls) > 1
	// A binary whose code carries no marker of the module (piraeus's
	// cmd/gencert beside its operator) most likely runs under a role of
	// its own, written by hand: judged as one of several managers is.
	partial := several || !carriesMarkers(markers)
	// What the binary runs: the code package main may run, not all of
	// its imports (a controller package's reconciler that no manager
	// starts needs nothing).
	b := &Binary{All: wiring.ViaManager(w.Requests(src, nil))}
	uncached := func(list []apimarkers.Resource) map[apimarkers.Resource]bool {
		out := map[apimarkers.Resource]bool{}
		for _, r := range list {
			out[r] = true
		}
		return out
	}
	for _, m := range managers {
		mm := Manager{Fn: m.Fn, Call: m.Call, Funcs: src, Needs: b.All, Partial: partial, Uncached: uncached(w.Uncached())}
		if expr := ssaflow.CallExpr(m.Fn, m.Call); expr != nil {
			mm.Node = expr
		}
		if several {
			// Several managers (cobra subcommands of one binary) run
			// different controllers: each gets what its own code runs.
			mm.Funcs = []*ssa.Function{m.Fn}
			mm.Needs = wiring.ViaManager(w.Requests(mm.Funcs, nil))
		}
		b.Managers = append(b.Managers, mm)
	}
	for _, m := range calls {
		mm := Manager{Fn: m.Fn, Node: m.Node, Site: m.Site, Funcs: src, Needs: b.All, Partial: partial, Uncached: uncached(m.Site.Uncached)}
		if several {
			mm.Funcs = []*ssa.Function{m.Fn}
			mm.Needs = m.Site.Requests
		}
		b.Managers = append(b.Managers, mm)
	}
	if len(b.Managers) > 0 {
		b.Rules, b.Judged = rules(pass, markers)
	}
	return b
}

// rules returns the rules of the role generated from the markers of the
// whole module, and whether that role is what the module deploys.
func rules(pass *analysis.Pass, markers *apimarkers.Result) (Grants, bool) {
	rules, ok := apimarkers.ModuleRules(pass)
	if ok && !apimarkers.RoleDeployed(pass) {
		return rules, false // the role is written by hand; the markers may be stale notes
	}
	if !ok {
		for _, p := range markers.All() {
			rules = append(rules, p.Rules...)
		}
	}
	// Without rules the role is not generated from markers.
	return rules, len(rules) > 0
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

// Grants holds the rules of the module's markers.
type Grants []apimarkers.Rule

// NormGroup maps a marker's "core" group to the core group's "".
func NormGroup(g string) string {
	if g == "core" {
		return ""
	}
	return g
}

// Grants reports whether some rule grants verb on resource (with sub,
// "deployments/status") of group.
func (g Grants) Grants(group, resource, verb string) bool {
	for _, r := range g {
		if !slices.ContainsFunc(r.Groups, func(x string) bool { return x == "*" || NormGroup(x) == group }) {
			continue
		}
		if !slices.ContainsFunc(r.Resources, func(x string) bool { return resourceMatches(x, resource) }) {
			continue
		}
		if slices.ContainsFunc(r.Verbs, func(x string) bool { return x == "*" || strings.EqualFold(x, verb) }) {
			return true
		}
	}
	return false
}

// resourceMatches reports whether a rule's resource matches resource (with
// its subresource, "guestbooks/finalizers") as RBAC matches them: "*" all,
// "*/finalizers" that subresource of every resource
// (k8s.io/api/rbac/v1's ResourceMatches in kubernetes/pkg/apis/rbac/v1/
// evaluation_helpers.go).
func resourceMatches(rule, resource string) bool {
	if rule == "*" || rule == resource {
		return true
	}
	if _, sub, ok := strings.Cut(resource, "/"); ok {
		return rule == "*/"+sub
	}
	return false
}

// anyVerb reports whether some rule grants some verb on the resource.
func (g Grants) anyVerb(group, resource string) bool {
	for _, r := range g {
		if slices.ContainsFunc(r.Groups, func(x string) bool { return x == "*" || NormGroup(x) == group }) &&
			slices.ContainsFunc(r.Resources, func(x string) bool { return resourceMatches(x, resource) }) && len(r.Verbs) > 0 {
			return true
		}
	}
	return false
}

// Option is one way to satisfy a request: all of Verbs on the resource.
type Option struct {
	Group, Resource string // Resource with its subresource: "guestbooks/status"
	Verbs           []string
}

// Options returns the ways the manager's role can satisfy n; uncached
// lists the resources whose reads skip the cache (DisableFor). A watch,
// or a read through the cache, needs list and watch for the informer; a
// read through a reader that may skip it (the API reader) list and watch,
// or get; an event create and patch; a typed clientset's request its own
// verb.
func Options(n wiring.Request, uncached map[apimarkers.Resource]bool) []Option {
	res := n.Resource.Resource
	if n.Sub != "" {
		res += "/" + n.Sub
	}
	one := func(verbs ...string) Option { return Option{n.Resource.Group, res, verbs} }
	if n.Direct {
		// A typed clientset's request: no cache, its own verb (Read is
		// get, List list, Watch watch).
		return []Option{one(string(n.Access))}
	}
	switch n.Access {
	case wiring.Watch:
		return []Option{one("list", "watch")}
	case wiring.Read:
		switch {
		case uncached[n.Resource]:
			return []Option{one("get")}
		case n.Reader:
			return []Option{one("list", "watch"), one("get")}
		}
		return []Option{one("list", "watch")}
	case wiring.List:
		if uncached[n.Resource] || n.Reader {
			return []Option{one("list")}
		}
		return []Option{one("list", "watch")}
	case wiring.Event:
		return []Option{one("create", "patch")}
	}
	return []Option{one(string(n.Access))}
}

// granted reports whether the rules grant every verb of o.
func (g Grants) granted(o Option) bool {
	return !slices.ContainsFunc(o.Verbs, func(v string) bool { return !g.Grants(o.Group, o.Resource, v) })
}

// Missing is what a resource lacks: the verbs no rule grants, with the
// first request that needs each.
type Missing struct {
	Group, Resource string
	Verbs           []string
	By              []wiring.Request
}

// MissingOf returns what the rules lack for needs, by resource (sorted by
// group and resource), each verb in the order of the first request that
// needs it. With partial, only resources the markers grant some verb on
// count: a binary with several managers may run one of them under a role
// written by hand (a cert-controller subcommand), whose resources then
// appear in no marker at all.
func MissingOf(rules Grants, needs []wiring.Request, uncached map[apimarkers.Resource]bool, partial bool) []Missing {
	var order []string
	byRes := map[string]*Missing{}
	for _, n := range needs {
		opts := Options(n, uncached)
		if slices.ContainsFunc(opts, rules.granted) {
			continue
		}
		o := opts[0]
		if partial && !rules.anyVerb(o.Group, o.Resource) {
			continue
		}
		key := o.Group + "|" + o.Resource
		m := byRes[key]
		if m == nil {
			m = &Missing{Group: o.Group, Resource: o.Resource}
			byRes[key] = m
			order = append(order, key)
		}
		for _, v := range o.Verbs {
			if !rules.Grants(o.Group, o.Resource, v) && !slices.Contains(m.Verbs, v) {
				m.Verbs = append(m.Verbs, v)
				if !slices.ContainsFunc(m.By, func(x wiring.Request) bool { return x.At == n.At && x.What == n.What }) {
					m.By = append(m.By, n)
				}
			}
		}
	}
	slices.Sort(order)
	out := make([]Missing, 0, len(order))
	for _, key := range order {
		out = append(out, *byRes[key])
	}
	return out
}

// Need is what requests of one resource need of the role: the verbs of
// the option the rules grant (the first option when none is granted),
// and among them those MissingOf reports.
type Need struct {
	Group, Resource string
	Verbs, Missing  []string
	By              []wiring.Request
}

// NeedsOf returns what needs ask of the role, by resource (sorted by
// group and resource), the verbs MissingOf reports for the same
// arguments marked Missing.
func NeedsOf(rules Grants, needs []wiring.Request, uncached map[apimarkers.Resource]bool, partial bool) []Need {
	var order []string
	byRes := map[string]*Need{}
	for _, n := range needs {
		opts := Options(n, uncached)
		o := opts[0]
		if i := slices.IndexFunc(opts, rules.granted); i >= 0 {
			o = opts[i]
		}
		key := o.Group + "|" + o.Resource
		nd := byRes[key]
		if nd == nil {
			nd = &Need{Group: o.Group, Resource: o.Resource}
			byRes[key] = nd
			order = append(order, key)
		}
		for _, v := range o.Verbs {
			if !slices.Contains(nd.Verbs, v) {
				nd.Verbs = append(nd.Verbs, v)
			}
		}
		if !slices.ContainsFunc(nd.By, func(x wiring.Request) bool { return x.At == n.At && x.What == n.What }) {
			nd.By = append(nd.By, n)
		}
	}
	for _, m := range MissingOf(rules, needs, uncached, partial) {
		if nd := byRes[m.Group+"|"+m.Resource]; nd != nil {
			nd.Missing = m.Verbs
			// A missing verb comes from the first option, which a
			// granted alternative did not replace: keep it listed.
			for _, v := range m.Verbs {
				if !slices.Contains(nd.Verbs, v) {
					nd.Verbs = append(nd.Verbs, v)
				}
			}
		}
	}
	slices.Sort(order)
	out := make([]Need, 0, len(order))
	for _, key := range order {
		out = append(out, *byRes[key])
	}
	return out
}

// Unused is a rule that grants more than the code needs: a wildcard, or
// verbs on resources ("get guestbooks") no request uses.
type Unused struct {
	Rule     apimarkers.Rule
	Wildcard bool
	Extra    []string
}

// UnusedOf returns the rules' wildcards and the verbs they grant that no
// need uses. A get is taken as used when the code reads the resource at
// all, and <resource>/finalizers grants (which owner references with
// blockOwnerDeletion need) are never unused; rules for non-resource URLs
// are left alone.
func UnusedOf(rules Grants, needs []wiring.Request, uncached map[apimarkers.Resource]bool) []Unused {
	used := map[string]bool{} // group|resource|verb
	for _, n := range needs {
		for _, o := range Options(n, uncached) {
			for _, v := range o.Verbs {
				used[o.Group+"|"+o.Resource+"|"+v] = true
			}
			if slices.Contains(o.Verbs, "list") || slices.Contains(o.Verbs, "watch") {
				used[o.Group+"|"+o.Resource+"|get"] = true
			}
		}
	}
	var out []Unused
	for _, r := range rules {
		if len(r.URLs) > 0 {
			continue
		}
		if slices.Contains(r.Verbs, "*") || slices.Contains(r.Resources, "*") || slices.Contains(r.Groups, "*") {
			out = append(out, Unused{Rule: r, Wildcard: true})
			continue
		}
		var extra []string
		for _, g := range r.Groups {
			for _, res := range r.Resources {
				if strings.HasSuffix(res, "/finalizers") {
					continue
				}
				for _, v := range r.Verbs {
					if !used[NormGroup(g)+"|"+res+"|"+strings.ToLower(v)] {
						extra = append(extra, v+" "+res)
					}
				}
			}
		}
		if len(extra) > 0 {
			out = append(out, Unused{Rule: r, Extra: extra})
		}
	}
	return out
}
