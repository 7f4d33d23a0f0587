package globalfilter

import (
	"bytes"
	_ "embed"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/apimarkers"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

//go:embed doc.go
var doc string

// Analyzer reports global event filters that drop status-only updates of
// sources other than For.
var Analyzer = &analysis.Analyzer{
	Name:     "globalfilter",
	Doc:      checkdoc.MustExtract(doc, "globalfilter"),
	Requires: []*analysis.Analyzer{ctrlmodel.Analyzer, apimarkers.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	model, ok := pass.ResultOf[ctrlmodel.Analyzer].(*ctrlmodel.Model)
	if !ok || model == nil {
		return nil, nil
	}
	marks := apimarkers.Of(pass)
	reported := map[*ctrlmodel.Call]bool{}
	for _, ch := range model.Chains {
		for _, f := range ch.Find(ctrlmodel.WithEventFilter) {
			if reported[f] || len(f.Predicates) != 1 || !f.Predicates[0].OnlyMetaChanges() {
				continue
			}
			// Sources that WithEventFilter applies to, besides For; raw
			// sources get no global predicates (builder.doWatch).
			var others []string
			owns := false
			for _, c := range ch.Sources() {
				if c.Method != ctrlmodel.Owns && c.Method != ctrlmodel.Watches && c.Method != ctrlmodel.WatchesMetadata {
					continue
				}
				if f.Predicates[0].Kind == ctrlmodel.PredicateGenerationChanged && generationCoversStatus(marks, c.Object) {
					continue
				}
				owns = owns || c.Method == ctrlmodel.Owns
				others = append(others, c.String())
			}
			if len(others) == 0 {
				continue
			}
			reported[f] = true
			consequence := ""
			if owns {
				consequence = ": a child becoming ready does not wake this controller"
			}
			diag.Report(pass, analysis.Diagnostic{
				Pos: f.Pos, End: f.End,
				Message: f.String() + " also filters " + list(others) +
					": updates that change only their status or data never reach Reconcile" +
					consequence + "; pass the predicate to For with builder.WithPredicates instead",
				SuggestedFixes: moveToFor(pass, ch, f),
			})
		}
	}
	return nil, nil
}

// generationCoversStatus reports whether every update of objects of type t
// that changes more than metadata changes their generation: a custom
// resource of the module without the status subresource marker, whose status is
// part of the main resource (apiextensions-apiserver's
// customResourceStrategy.PrepareForUpdate bumps the generation on any
// change outside metadata). A generation filter drops none of their
// status updates.
func generationCoversStatus(marks *apimarkers.Result, t types.Type) bool {
	if marks == nil || t == nil {
		return false
	}
	named, ok := ssaflow.Deref(t).(*types.Named)
	if !ok {
		return false
	}
	// A built-in kind is no kind of the module: a ConfigMap's data
	// changes no generation. A type with only a +kubebuilder:resource
	// marker is a custom resource too (karmada's policies).
	k, _ := marks.ResourceKind(named.Obj())
	return k != nil && !k.StatusSubresource
}

// list joins source renderings into an English list.
func list(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// moveToFor returns a fix that removes .WithEventFilter(p) from the chain
// and gives p to For with builder.WithPredicates. It is offered only when
// For and WithEventFilter are calls of one expression, so that p means the
// same at For and the chain keeps its type without the call.
func moveToFor(pass *analysis.Pass, ch *ctrlmodel.Chain, filter *ctrlmodel.Call) []analysis.SuggestedFix {
	fors := ch.Find(ctrlmodel.For)
	if len(fors) != 1 || fors[0].Expr == nil || filter.Expr == nil {
		return nil
	}
	forCall, wef := fors[0].Expr, filter.Expr
	if len(wef.Args) != 1 || wef.Ellipsis.IsValid() || forCall.Ellipsis.IsValid() {
		return nil
	}
	sel, ok := ast.Unparen(wef.Fun).(*ast.SelectorExpr)
	if !ok || (!within(forCall, sel.X) && !within(wef, forCall.Fun)) {
		return nil
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, pass.Fset, wef.Args[0]); err != nil {
		return nil
	}
	pred := buf.String()
	edits := []analysis.TextEdit{deletion(pass, sel, wef)}
	// A second WithPredicates option would replace the first: merge.
	for _, opt := range forCall.Args[1:] {
		call, ok := ast.Unparen(opt).(*ast.CallExpr)
		if !ok || !crapi.IsFunc(typeutil.StaticCallee(pass.TypesInfo, call), crapi.BuilderPkg, "WithPredicates") {
			continue
		}
		if call.Ellipsis.IsValid() {
			return nil
		}
		if len(call.Args) > 0 {
			pred = ", " + pred
		}
		edits = append(edits, analysis.TextEdit{Pos: call.Rparen, End: call.Rparen, NewText: []byte(pred)})
		return fix(edits)
	}
	name, imports, ok := diag.PackageName(pass, forCall.Rparen, crapi.BuilderPkg, "builder")
	if !ok {
		return nil
	}
	edits = append(edits, imports...)
	edits = append(edits, analysis.TextEdit{Pos: forCall.Rparen, End: forCall.Rparen,
		NewText: []byte(", " + name + ".WithPredicates(" + pred + ")")})
	return fix(edits)
}

// deletion removes ".WithEventFilter(p)" from the chain. When the call has
// lines of its own in a chain split one call per line, those lines go,
// with its comments, so that the comment of the line above stays.
func deletion(pass *analysis.Pass, sel *ast.SelectorExpr, wef *ast.CallExpr) analysis.TextEdit {
	plain := analysis.TextEdit{Pos: sel.X.End(), End: wef.End()}
	tf, src, ok := diag.Source(pass, wef.Pos())
	if !ok {
		return plain
	}
	lineText := func(l int) string {
		start := tf.Offset(tf.LineStart(l))
		end := len(src)
		if l < tf.LineCount() {
			end = tf.Offset(tf.LineStart(l + 1))
		}
		return strings.TrimSpace(string(src[start:end]))
	}
	xLine, selLine, endLine := tf.Line(sel.X.End()), tf.Line(sel.Sel.Pos()), tf.Line(wef.End())
	if selLine <= xLine || endLine >= tf.LineCount() {
		return plain
	}
	// Only comments between the line above and the call.
	for l := xLine + 1; l < selLine; l++ {
		if t := lineText(l); t != "" && !strings.HasPrefix(t, "//") {
			return plain
		}
	}
	// The call starts its line and ends it with "." and maybe a comment.
	if strings.TrimSpace(string(src[tf.Offset(tf.LineStart(selLine)):tf.Offset(sel.Sel.Pos())])) != "" {
		return plain
	}
	rest := strings.TrimSpace(string(src[tf.Offset(wef.End()):tf.Offset(tf.LineStart(endLine+1))]))
	after, ok := strings.CutPrefix(rest, ".")
	if after = strings.TrimSpace(after); !ok || (after != "" && !strings.HasPrefix(after, "//")) {
		return plain
	}
	return analysis.TextEdit{Pos: tf.LineStart(xLine + 1), End: tf.LineStart(endLine + 1)}
}

func fix(edits []analysis.TextEdit) []analysis.SuggestedFix {
	return []analysis.SuggestedFix{{Message: "Move the predicate to For with builder.WithPredicates", TextEdits: edits}}
}

// within reports whether inner lies inside outer.
func within(inner, outer ast.Node) bool {
	return inner != nil && outer != nil && outer.Pos() <= inner.Pos() && inner.End() <= outer.End() &&
		inner.Pos() != token.NoPos
}
