package diag

import (
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// Import groups, in the order goimports -local <module> keeps them.
const (
	groupStd = iota
	groupThirdParty
	groupLocal
)

// importGroup classifies path as goimports does with the module path as
// its -local prefix: the module's own packages, then the standard
// library (no dot in the first path element), then everything else.
func importGroup(path, module string) int {
	if module != "" && (path == module || strings.HasPrefix(path, module+"/")) {
		return groupLocal
	}
	if knowledge.StandardLibrary(path) {
		return groupStd
	}
	return groupThirdParty
}

// modulePath returns the path of the module holding f: the driver's, or
// else the module line of the nearest go.mod above the file ("" if none).
func modulePath(pass *analysis.Pass, f *ast.File) string {
	if pass.Module != nil && pass.Module.Path != "" {
		return pass.Module.Path
	}
	tf := pass.Fset.File(f.FileStart)
	if tf == nil {
		return ""
	}
	return moduleOf(filepath.Dir(tf.Name()))
}

var modules sync.Map // directory -> module path

func moduleOf(dir string) string {
	if !filepath.IsAbs(dir) {
		return ""
	}
	if v, ok := modules.Load(dir); ok {
		return v.(string)
	}
	var mod string
	if data, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil {
		mod = modfile.ModulePath(data)
	} else if parent := filepath.Dir(dir); parent != dir {
		mod = moduleOf(parent)
	}
	modules.Store(dir, mod)
	return mod
}

// addImport returns an edit adding an import of path to f, in the group
// of its kind (standard library, third party, module), in sorted order
// within it, or as a new group of its own where goimports -local
// <module> would put it; module is the path of the module holding f.
// A name other than "" imports the package under that name.
func addImport(fset *token.FileSet, f *ast.File, name, path, module string) analysis.TextEdit {
	quoted := strconv.Quote(path)
	if name != "" {
		quoted = name + " " + quoted
	}
	var decl *ast.GenDecl
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if ok && gd.Tok == token.IMPORT && !importsC(gd) {
			decl = gd
			break
		}
	}
	if decl == nil {
		return analysis.TextEdit{Pos: f.Name.End(), End: f.Name.End(), NewText: []byte("\n\nimport " + quoted)}
	}
	tf := fset.File(f.FileStart)
	if !decl.Lparen.IsValid() {
		// import "x": make it a block of both, goimports merges
		// import declarations anyway.
		old := decl.Specs[0].(*ast.ImportSpec)
		oldText := specText(old)
		first, second := oldText, quoted
		if g, og := importGroup(path, module), importGroup(importPath(old), module); g < og || (g == og && path < importPath(old)) {
			first, second = second, first
		}
		sep := "\n"
		if importGroup(path, module) != importGroup(importPath(old), module) {
			sep = "\n\n"
		}
		start, end := old.Pos(), old.End()
		if old.Doc != nil {
			start = old.Doc.Pos()
		}
		if old.Comment != nil {
			end = old.Comment.End()
		}
		return analysis.TextEdit{Pos: start, End: end, NewText: []byte("(\n\t" + first + sep + "\t" + second + "\n)")}
	}
	if len(decl.Specs) == 0 {
		return analysis.TextEdit{Pos: decl.Lparen + 1, End: decl.Lparen + 1, NewText: []byte("\n\t" + quoted + "\n")}
	}

	// The groups of the block: runs of specs not separated by a blank line.
	type group struct {
		specs []*ast.ImportSpec
		kind  int // the kind of all its specs, or -1 if mixed
	}
	var groups []*group
	prevEnd := 0
	for _, s := range decl.Specs {
		spec := s.(*ast.ImportSpec)
		startLine := tf.Line(specStart(spec))
		if len(groups) == 0 || startLine > prevEnd+1 {
			groups = append(groups, &group{kind: importGroup(importPath(spec), module)})
		}
		g := groups[len(groups)-1]
		g.specs = append(g.specs, spec)
		if g.kind != importGroup(importPath(spec), module) {
			g.kind = -1
		}
		prevEnd = tf.Line(specEnd(spec))
	}
	kind := importGroup(path, module)
	var target *group
	for _, g := range groups {
		if g.kind == kind {
			target = g
			break
		}
	}
	if target == nil {
		// A mixed group holding imports of this kind will do.
		for _, g := range groups {
			for _, s := range g.specs {
				if target == nil && importGroup(importPath(s), module) == kind {
					target = g
				}
			}
		}
	}
	if target != nil {
		// Sorted among the specs of its kind (all of them, unless the
		// group is mixed).
		var last *ast.ImportSpec
		for _, s := range target.specs {
			if importGroup(importPath(s), module) != kind {
				continue
			}
			if importPath(s) > path {
				return insertBefore(tf, decl, s, "\t"+quoted+"\n")
			}
			last = s
		}
		return insertAfter(tf, decl, last, "\t"+quoted+"\n")
	}
	// A new group, before the first group of a later kind.
	for _, g := range groups {
		if groupKind(g.specs, module) > kind {
			return insertBefore(tf, decl, g.specs[0], "\t"+quoted+"\n\n")
		}
	}
	last := groups[len(groups)-1].specs
	return insertAfter(tf, decl, last[len(last)-1], "\n\t"+quoted+"\n")
}

// groupKind is the kind of the first spec of a group: where a new group
// goes relative to it.
func groupKind(specs []*ast.ImportSpec, module string) int {
	return importGroup(importPath(specs[0]), module)
}

// insertBefore inserts text (whole lines) before the line of spec.
func insertBefore(tf *token.File, decl *ast.GenDecl, spec *ast.ImportSpec, text string) analysis.TextEdit {
	start := specStart(spec)
	line := tf.Line(start)
	if line == tf.Line(decl.Lparen) {
		// import ("a"...: the spec shares the line of the parenthesis.
		return analysis.TextEdit{Pos: decl.Lparen + 1, End: decl.Lparen + 1, NewText: []byte("\n" + text)}
	}
	pos := tf.LineStart(line)
	return analysis.TextEdit{Pos: pos, End: pos, NewText: []byte(text)}
}

// insertAfter inserts text (whole lines) after the line of spec.
func insertAfter(tf *token.File, decl *ast.GenDecl, spec *ast.ImportSpec, text string) analysis.TextEdit {
	line := tf.Line(specEnd(spec))
	if line == tf.Line(decl.Rparen) || line >= tf.LineCount() {
		// ..."z"): the spec shares the line of the parenthesis.
		return analysis.TextEdit{Pos: decl.Rparen, End: decl.Rparen, NewText: []byte("\n" + strings.TrimSuffix(text, "\n"))}
	}
	pos := tf.LineStart(line + 1)
	return analysis.TextEdit{Pos: pos, End: pos, NewText: []byte(text)}
}

func specStart(s *ast.ImportSpec) token.Pos {
	if s.Doc != nil {
		return s.Doc.Pos()
	}
	return s.Pos()
}

func specEnd(s *ast.ImportSpec) token.Pos {
	if s.Comment != nil {
		return s.Comment.End()
	}
	return s.End()
}

// specText is the source text of spec with its comments.
func specText(s *ast.ImportSpec) string {
	var b strings.Builder
	if s.Doc != nil {
		for _, c := range s.Doc.List {
			b.WriteString(c.Text + "\n\t")
		}
	}
	if s.Name != nil {
		b.WriteString(s.Name.Name + " ")
	}
	b.WriteString(s.Path.Value)
	if s.Comment != nil {
		for _, c := range s.Comment.List {
			b.WriteString(" " + c.Text)
		}
	}
	return b.String()
}

func importPath(s *ast.ImportSpec) string {
	p, err := strconv.Unquote(s.Path.Value)
	if err != nil {
		return s.Path.Value
	}
	return p
}

func importsC(gd *ast.GenDecl) bool {
	for _, s := range gd.Specs {
		if importPath(s.(*ast.ImportSpec)) == "C" {
			return true
		}
	}
	return false
}

// Import is a package a fix refers to: its path, and the name it is
// imported by when the file does not import it yet.
type Import struct{ Path, Name string }

// PackageNames is PackageName for several packages at once: their names
// at pos, in the order given, and one set of edits adding the missing
// imports. Two imports added at the same place are one edit, their lines
// in the order given (list paths sorted); ok is false where the edits
// cannot be combined (a lone "import x" line rewritten twice) or a name
// is not available.
func PackageNames(pass *analysis.Pass, pos token.Pos, imports ...Import) (names []string, edits []analysis.TextEdit, ok bool) {
	for _, imp := range imports {
		name, es, ok := PackageName(pass, pos, imp.Path, imp.Name)
		if !ok {
			return nil, nil, false
		}
		names = append(names, name)
	next:
		for _, e := range es {
			for i, old := range edits {
				switch {
				case e.Pos == e.End && old.Pos == old.End && e.Pos == old.Pos:
					edits[i].NewText = append(append([]byte(nil), old.NewText...), e.NewText...)
					continue next
				case e.Pos < old.End && old.Pos < e.End, e.Pos == old.Pos:
					return nil, nil, false
				}
			}
			edits = append(edits, e)
		}
	}
	return names, edits, true
}
