package diag

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	pathpkg "path"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/internal/suppressed"
)

// File returns the syntax tree of the file of pass that contains pos.
func File(pass *analysis.Pass, pos token.Pos) *ast.File {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

// IsGenerated reports whether the file holding pos is generated: a
// "// Code generated ... DO NOT EDIT." header, or controller-gen's
// zz_generated* naming.
func IsGenerated(pass *analysis.Pass, pos token.Pos) bool {
	f := File(pass, pos)
	if f == nil {
		return false
	}
	if ast.IsGenerated(f) {
		return true
	}
	name := filepath.Base(pass.Fset.File(f.FileStart).Name())
	return strings.HasPrefix(name, "zz_generated")
}

// Silenced reports whether a diagnostic at pos would be dropped: a
// generated file, or a directive for the pass's analyzer. A check that
// reports elsewhere what it found at pos (through a fact) asks it first.
func Silenced(pass *analysis.Pass, pos token.Pos) bool {
	return IsGenerated(pass, pos) || suppressedBy(pass, pos) != nil
}

// Report reports d unless it lies in a generated file or a
// //reconcilecheck:ignore directive for the pass's analyzer covers it.
// A finding the directive covers is reported, without its fixes, under
// the directive's category when the standalone command asks for those
// (see package suppressed).
func Report(pass *analysis.Pass, d analysis.Diagnostic) {
	if IsGenerated(pass, d.Pos) {
		return
	}
	if dir := suppressedBy(pass, d.Pos); dir != nil {
		if !suppressed.Reporting() {
			return
		}
		d.Category, d.SuggestedFixes = suppressed.Category(dir.Reason), nil
	}
	for i := range d.SuggestedFixes {
		pruneImports(pass, &d.SuggestedFixes[i])
	}
	pass.Report(d)
}

// Reportf reports a diagnostic spanning node, with optional fixes.
func Reportf(pass *analysis.Pass, node ast.Node, fixes []analysis.SuggestedFix, format string, args ...any) {
	d := analysis.Diagnostic{Pos: node.Pos(), End: node.End(), Message: fmt.Sprintf(format, args...), SuggestedFixes: fixes}
	Report(pass, d)
}

// PackageName returns the name by which the package path can be referred to
// at pos, and the edits (an added import) needed to make that true. ok is
// false if the name is shadowed at pos or the package is dot- or
// blank-imported, in which case a fix cannot safely refer to it.
func PackageName(pass *analysis.Pass, pos token.Pos, path, defaultName string) (name string, edits []analysis.TextEdit, ok bool) {
	f := File(pass, pos)
	if f == nil {
		return "", nil, false
	}
	scope := innermost(pass, f, pos)
	for _, spec := range f.Imports {
		p, err := strconv.Unquote(spec.Path.Value)
		if err != nil || p != path {
			continue
		}
		name = defaultName
		if spec.Name != nil {
			name = spec.Name.Name
		}
		if name == "_" || name == "." {
			continue
		}
		// The import's name must still mean the package at pos.
		if _, obj := scope.LookupParent(name, pos); obj != nil {
			if pn, ok := obj.(*types.PkgName); ok && pn.Imported().Path() == path {
				return name, nil, true
			}
		}
		return "", nil, false
	}
	// Not imported: add it, if nothing at pos already uses the name.
	if _, obj := scope.LookupParent(defaultName, pos); obj != nil {
		return "", nil, false
	}
	// The name a fix writes must be the name the file imports it by:
	// metav1 for k8s.io/apimachinery/pkg/apis/meta/v1 (package v1).
	alias := ""
	if pkgName(pass, path) != defaultName {
		alias = defaultName
	}
	return defaultName, []analysis.TextEdit{addImport(pass.Fset, f, alias, path, modulePath(pass, f))}, true
}

func innermost(pass *analysis.Pass, f *ast.File, pos token.Pos) *types.Scope {
	scope := pass.TypesInfo.Scopes[f]
	if scope == nil {
		return pass.Pkg.Scope()
	}
	if s := scope.Innermost(pos); s != nil {
		return s
	}
	return scope
}

// pruneImports adds to fix the deletion of each import that only the text
// the fix removes was using. "go vet -fix" drops such imports itself, but
// golangci-lint --fix applies the edits as they are, and the file would no
// longer compile.
func pruneImports(pass *analysis.Pass, fix *analysis.SuggestedFix) {
	if len(fix.TextEdits) == 0 {
		return
	}
	f := File(pass, fix.TextEdits[0].Pos)
	if f == nil {
		return
	}
	removed := func(pos token.Pos) bool {
		for _, e := range fix.TextEdits {
			if e.Pos <= pos && pos < e.End {
				return true
			}
		}
		return false
	}
	gone := map[*types.PkgName]bool{}
	kept := map[*types.PkgName]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		if pn, ok := pass.TypesInfo.Uses[id].(*types.PkgName); ok {
			if removed(id.Pos()) {
				gone[pn] = true
			} else {
				kept[pn] = true
			}
		}
		return true
	})
	tf := pass.Fset.File(f.FileStart)
	for _, spec := range f.Imports {
		pn := importedName(pass, spec)
		if pn == nil || !gone[pn] || kept[pn] || insertsUse(fix, pn.Name()) {
			continue
		}
		// Delete the whole line of the spec, unless it shares its line
		// with the parentheses of the import declaration.
		line := tf.Line(spec.Pos())
		start, end := spec.Pos(), spec.End()
		if !sharesLine(tf, f, spec, line) {
			start = tf.LineStart(line)
			if line < tf.LineCount() {
				end = tf.LineStart(line + 1)
			}
		}
		fix.TextEdits = append(fix.TextEdits, analysis.TextEdit{Pos: start, End: end})
	}
}

func importedName(pass *analysis.Pass, spec *ast.ImportSpec) *types.PkgName {
	var obj types.Object
	if spec.Name != nil {
		obj = pass.TypesInfo.Defs[spec.Name]
	} else {
		obj = pass.TypesInfo.Implicits[spec]
	}
	pn, _ := obj.(*types.PkgName)
	return pn
}

func insertsUse(fix *analysis.SuggestedFix, name string) bool {
	for _, e := range fix.TextEdits {
		if strings.Contains(string(e.NewText), name+".") {
			return true
		}
	}
	return false
}

func sharesLine(tf *token.File, f *ast.File, spec *ast.ImportSpec, line int) bool {
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT || spec.Pos() < gd.Pos() || spec.End() > gd.End() {
			continue
		}
		if !gd.Lparen.IsValid() {
			return false // "import x": the line holds only this spec
		}
		return tf.Line(gd.Lparen) == line || tf.Line(gd.Rparen) == line
	}
	return true
}

// pkgName returns the declared name of the package path as the package
// being analysed sees it (its imports, direct or not), or else the last
// element of the path.
func pkgName(pass *analysis.Pass, path string) string {
	if p := crapi.FindImport(pass.Pkg, path); p != nil {
		return p.Name()
	}
	return pathpkg.Base(path)
}

// At renders pos as "file.go:N", the way facts and messages name a place
// in another package (a base name: the message stays short).
func At(pass *analysis.Pass, pos token.Pos) string {
	p := pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// Where renders the position at for a message reported at from: "line N"
// in the same file, "file.go:N" in another.
func Where(pass *analysis.Pass, from, at token.Pos) string {
	f, a := pass.Fset.Position(from), pass.Fset.Position(at)
	if f.Filename == a.Filename {
		return fmt.Sprintf("line %d", a.Line)
	}
	return At(pass, at)
}
