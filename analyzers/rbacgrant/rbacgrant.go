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
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/rbacneeds"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/reach"
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
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, apimarkers.Analyzer, reach.Analyzer, wiring.Analyzer},
	Run:      run,
}

type checker struct {
	pass *analysis.Pass
}

func run(pass *analysis.Pass) (any, error) {
	// The role is the binary's: checked in package main, for the
	// managers it makes and those it runs through calls into other
	// packages (wiring's facts), each reported where main makes it or
	// calls the package that does. rbacneeds computes what each needs
	// and what the markers lack; the controller map shows the same.
	w := pass.ResultOf[wiring.Analyzer].(*wiring.Result)
	b := rbacneeds.Of(pass, w, apimarkers.Of(pass))
	if b == nil || !b.Judged {
		return nil, nil // no binary, or a role not generated from the markers
	}
	c := &checker{pass: pass}
	for _, m := range b.Managers {
		if m.Node == nil {
			continue
		}
		misses := rbacneeds.MissingOf(b.Rules, m.Needs, m.Uncached, m.Partial)
		// Every finding of a manager offers the same fix, all its missing
		// markers at one place: -fix applies identical edits once, while
		// two different insertions at one place would be left out as
		// conflicting (their order unknown).
		var markers []string
		for _, miss := range misses {
			markers = append(markers, marker(miss))
		}
		for _, miss := range misses {
			c.report(m.Fn, m.Node, m.Site.At, miss, markers)
		}
		if unused {
			c.reportUnused(m.Node, rbacneeds.UnusedOf(b.Rules, b.All, m.Uncached))
		}
	}
	return nil, nil
}

// effect says what fails at run time without the verbs.
func effect(m rbacneeds.Missing) string {
	res := m.Resource
	switch {
	case strings.HasSuffix(res, "/status"):
		return "every status write fails with forbidden and the status is never saved"
	case strings.HasSuffix(res, "/"+knowledge.BlockingOwnerSub):
		return "with the OwnerReferencesPermissionEnforcement admission plugin (on in OpenShift) the API server refuses every create or update that sets this blocking owner reference (\"cannot set blockOwnerDeletion if an ownerReference refers to a resource you can't set finalizers on\")"
	case res == "events":
		return "the events are dropped (forbidden), so `kubectl describe` shows none"
	case slices.Contains(m.Verbs, "watch") || (slices.Contains(m.Verbs, "list") && slices.ContainsFunc(m.By, func(n wiring.Request) bool {
		// A typed clientset's request (Direct) starts no informer: the
		// call itself is refused.
		return !n.Direct && (n.Access == wiring.Watch || !n.Reader && (n.Access == wiring.Read || n.Access == wiring.List))
	})):
		return fmt.Sprintf("the informer for %s cannot start (list/watch forbidden): the controller's cache never syncs, so it does not start and its reads block until they time out", res)
	}
	return "the call fails with forbidden on every reconcile"
}

// marker is the +kubebuilder:rbac marker that grants what m lacks.
func marker(m rbacneeds.Missing) string {
	return fmt.Sprintf("// +kubebuilder:rbac:groups=%s,resources=%s,verbs=%s", groupName(m), m.Resource, strings.Join(m.Verbs, ";"))
}

// groupName is m's API group as markers and messages name it: "core" for
// the core group.
func groupName(m rbacneeds.Missing) string {
	if m.Group == "" {
		return "core"
	}
	return m.Group
}

func (c *checker) report(fn *ssa.Function, expr ast.Node, site string, m rbacneeds.Missing, all []string) {
	var sites []string
	for _, n := range m.By {
		sites = append(sites, fmt.Sprintf("%s at %s", n.What, n.At))
	}
	group := groupName(m)
	mk := marker(m)
	manager := ""
	if site != "" {
		manager = " of the manager made at " + site + " (which this call runs)"
	}
	msg := fmt.Sprintf("no +kubebuilder:rbac marker of the module grants %s on %s (group %s), which %s%s needs: %s; add %s",
		strings.Join(m.Verbs, ", "), m.Resource, group, strings.Join(sites, ", "), manager, effect(m), mk)
	diag.Reportf(c.pass, expr, c.fix(fn, all), "%s", msg)
}

// fix inserts the marker line above the declaration that creates the
// manager (above its doc comment, separated by a blank line, where
// controller-gen collects it as a package marker).
func (c *checker) fix(fn *ssa.Function, markers []string) []analysis.SuggestedFix {
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
	msg := "Add " + strings.TrimPrefix(markers[0], "// ")
	if len(markers) > 1 {
		msg = fmt.Sprintf("Add the %d missing +kubebuilder:rbac markers", len(markers))
	}
	var text strings.Builder
	for _, m := range markers {
		text.WriteString(m + "\n\n")
	}
	return []analysis.SuggestedFix{{
		Message:   msg,
		TextEdits: []analysis.TextEdit{{Pos: pos, End: pos, NewText: []byte(text.String())}},
	}}
}
