package webhookpath

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/apimarkers"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
)

//go:embed doc.go
var doc string

// Analyzer reports webhook markers that do not match the webhooks served.
var Analyzer = &analysis.Analyzer{
	Name:     "webhookpath",
	Doc:      checkdoc.MustExtract(doc, "webhookpath"),
	Requires: []*analysis.Analyzer{apimarkers.Analyzer},
	Run:      run,
}

// served is one webhook a builder chain of the package registers.
type served struct {
	chain                 crapi.WebhookChain
	group, version, kind  string
	resource              string
	mutatePath, validPath string
}

func run(pass *analysis.Pass) (any, error) {
	marks := apimarkers.Of(pass)
	own := marks.Own()
	if own == nil || len(own.Webhooks) == 0 {
		return nil, nil
	}
	for _, w := range own.Webhooks {
		checkValues(pass, w)
	}
	// What the package serves: its builder chains, and paths registered
	// by hand. A path registered with a value not known here may be any
	// marker's: then no path is judged.
	var chains []served
	paths := map[string]bool{}
	known := true
	for _, c := range crapi.WebhookChains(pass.TypesInfo, pass.Files) {
		if !c.Known || c.Object == nil {
			known = false
			continue
		}
		res, ok1 := marks.ResourceOf(c.Object)
		version, kind, ok2 := marks.VersionKindOf(c.Object)
		if !ok1 || !ok2 {
			known = false
			continue
		}
		s := served{chain: c, group: res.Group, version: version, kind: kind, resource: res.Resource}
		s.mutatePath, s.validPath = crapi.WebhookPaths(res.Group, version, kind)
		if c.DefaulterPath != "" {
			s.mutatePath = c.DefaulterPath
		}
		if c.ValidatorPath != "" {
			s.validPath = c.ValidatorPath
		}
		if c.Defaulter {
			paths[s.mutatePath] = true
		}
		if c.Validator {
			paths[s.validPath] = true
		}
		chains = append(chains, s)
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if arg, ok := crapi.WebhookRegister(pass.TypesInfo, call); ok {
				if tv, ok := pass.TypesInfo.Types[arg]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
					paths[constant.StringVal(tv.Value)] = true
				} else {
					known = false
				}
			}
			return true
		})
	}
	if !known {
		return nil, nil
	}
	for _, w := range own.Webhooks {
		if w.URL != "" || w.Path == "" {
			continue // an external server's
		}
		if paths[w.Path] {
			if s, side, ok := servedBy(chains, w); ok && !names(w, s) {
				diag.Report(pass, analysis.Diagnostic{
					Pos: w.Pos(), End: w.Pos() + token.Pos(len(w.Text)),
					Message: fmt.Sprintf("this marker calls the %s webhook of %s (%s), but its rules name groups=%s, versions=%s, resources=%s, not the kind's group %q, version %s and resource %s: the API server never sends it the objects it admits, and what it sends fails to decode; name the kind in the rules (groups=%s, versions=%s, resources=%s)",
						side, crapi.ObjectTypeString(s.chain.Object), w.Path, markerGroups(w.Groups), strings.Join(w.Versions, ";"), strings.Join(w.Resources, ";"),
						s.group, s.version, s.resource, markerGroup(s.group), s.version, s.resource),
				})
			}
			continue
		}
		for _, s := range chains {
			if !names(w, s) {
				continue
			}
			side, path, has := "validating", s.validPath, s.chain.Validator
			if w.Mutating {
				side, path, has = "defaulting", s.mutatePath, s.chain.Defaulter
			}
			at := pass.Fset.Position(s.chain.Last.Pos())
			where := fmt.Sprintf("%s:%d", filepath.Base(at.Filename), at.Line)
			if !has {
				diag.Report(pass, analysis.Diagnostic{
					Pos: w.Pos(), End: w.Pos() + token.Pos(len(w.Text)),
					Message: fmt.Sprintf("this %s webhook marker calls path %s, but the webhook builder of %s (%s) registers no %s webhook: the API server gets a 404 for every admission request; register one (With%s) or remove the marker",
						kindOf(w), w.Path, crapi.ObjectTypeString(s.chain.Object), where, side, map[bool]string{true: "Defaulter", false: "Validator"}[w.Mutating]),
				})
				break
			}
			diag.Report(pass, analysis.Diagnostic{
				Pos: w.Pos(), End: w.Pos() + token.Pos(len(w.Text)),
				Message: fmt.Sprintf("this webhook marker calls path %s, but controller-runtime serves the %s webhook of %s (%s) at %s: the API server gets a 404 for every admission request; use path=%s",
					w.Path, side, crapi.ObjectTypeString(s.chain.Object), where, path, path),
				SuggestedFixes: pathFix(w, path),
			})
			break
		}
	}
	return nil, nil
}

// servedBy returns the chain that serves the marker's path, with the side.
func servedBy(chains []served, w apimarkers.Webhook) (served, string, bool) {
	for _, s := range chains {
		if s.chain.Defaulter && s.mutatePath == w.Path {
			return s, "defaulting", true
		}
		if s.chain.Validator && s.validPath == w.Path {
			return s, "validating", true
		}
	}
	return served{}, "", false
}

// names reports whether the marker's rules name the chain's kind (the
// layer's rule: apimarkers.Webhook.Names).
func names(w apimarkers.Webhook, s served) bool {
	return w.Names(s.group, s.version, s.resource)
}

// markerGroup writes a group as a marker's groups= value: the core group
// is "".
func markerGroup(g string) string {
	if g == "" {
		return `""`
	}
	return g
}

// markerGroups writes a marker's groups as its groups= value.
func markerGroups(gs []string) string {
	out := make([]string, len(gs))
	for i, g := range gs {
		out[i] = markerGroup(g)
	}
	return strings.Join(out, ";")
}

func kindOf(w apimarkers.Webhook) string {
	if w.Mutating {
		return "mutating"
	}
	return "validating"
}

// checkValues reports the values the API server refuses in a v1
// webhook configuration, in one diagnostic per marker.
func checkValues(pass *analysis.Pass, w apimarkers.Webhook) {
	if len(w.WebhookVersions) > 0 && !slices.Contains(w.WebhookVersions, "v1") {
		return // an admissionregistration/v1beta1 configuration, of old clusters
	}
	var bad, fix []string
	switch strings.ToLower(w.SideEffects) {
	case "none", "noneondryrun":
	case "":
		bad = append(bad, "no sideEffects")
		fix = append(fix, "sideEffects=None (or NoneOnDryRun)")
	default:
		bad = append(bad, "sideEffects="+w.SideEffects)
		fix = append(fix, "sideEffects=None (or NoneOnDryRun)")
	}
	if !slices.Contains(w.AdmissionReviewVersions, "v1") && !slices.Contains(w.AdmissionReviewVersions, "v1beta1") {
		bad = append(bad, "admissionReviewVersions="+strings.Join(w.AdmissionReviewVersions, ";"))
		fix = append(fix, "admissionReviewVersions=v1")
	}
	if len(bad) == 0 {
		return
	}
	diag.Report(pass, analysis.Diagnostic{
		Pos: w.Pos(), End: w.Pos() + token.Pos(len(w.Text)),
		Message: fmt.Sprintf("%s: the API server refuses this admissionregistration/v1 webhook (sideEffects must be None or NoneOnDryRun, admissionReviewVersions must include v1 or v1beta1), so the configuration is never applied; use %s",
			strings.Join(bad, " and "), strings.Join(fix, " and ")),
	})
}

// pathFix replaces the marker's path value.
func pathFix(w apimarkers.Webhook, path string) []analysis.SuggestedFix {
	i := strings.Index(w.Text, "path="+w.Path)
	if i < 0 || strings.Count(w.Text, "path="+w.Path) != 1 {
		return nil
	}
	start := w.Pos() + token.Pos(i+len("path="))
	return []analysis.SuggestedFix{{
		Message:   "Use the path controller-runtime serves",
		TextEdits: []analysis.TextEdit{{Pos: start, End: start + token.Pos(len(w.Path)), NewText: []byte(path)}},
	}}
}
