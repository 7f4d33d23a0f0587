package ssapkg

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
)

// metaStub declares what fakesDeletion reads of apimachinery's metav1,
// under its real path.
const metaStub = `package v1

type Time struct{ s int }

func Now() Time { return Time{} }

type ObjectMeta struct {
	Name              string
	DeletionTimestamp *Time
	Finalizers        []string
}

func (m *ObjectMeta) SetDeletionTimestamp(t *Time) { m.DeletionTimestamp = t }
func (m *ObjectMeta) GetDeletionTimestamp() *Time  { return m.DeletionTimestamp }

type Object interface {
	SetDeletionTimestamp(*Time)
	GetDeletionTimestamp() *Time
}
`

// fakesSrc: each declaration whose name starts with "fake" gives an
// object a deletion timestamp it makes up, and is test code; those
// starting with "twin" are not.
const fakesSrc = `package p

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Pod struct{ metav1.ObjectMeta }

func fakeAssign(p *Pod) {
	now := metav1.Now()
	p.ObjectMeta.DeletionTimestamp = &now
	p.Finalizers = []string{"finalizer"}
}

func fakeLiteral() *Pod {
	return &Pod{ObjectMeta: metav1.ObjectMeta{DeletionTimestamp: &metav1.Time{}, Finalizers: []string{"f"}}}
}

func fakeSetter(o metav1.Object) {
	now := metav1.Now()
	o.SetDeletionTimestamp(&now)
}

func fakeInClosure(p *Pod) {
	func() {
		t := metav1.Now()
		p.DeletionTimestamp = &t
	}()
}

var fakeVar = Pod{ObjectMeta: metav1.ObjectMeta{DeletionTimestamp: &metav1.Time{}}}

func twinCopy(dst, src *Pod) {
	dst.DeletionTimestamp = src.DeletionTimestamp
}

func twinGetter(dst, src metav1.Object) {
	dst.SetDeletionTimestamp(src.GetDeletionTimestamp())
}

func twinParam(p *Pod, at *metav1.Time) {
	p.DeletionTimestamp = at
}

func twinNil(p *Pod) {
	p.DeletionTimestamp = nil
}

func twinRead(p *Pod) bool {
	return p.DeletionTimestamp != nil
}

// A field of the same name in a type of its own (kubevirt's grace
// period metadata) is no object's deletion timestamp.
type grace struct{ DeletionTimestamp *metav1.Time }

func twinOtherField(g *grace) {
	now := metav1.Now()
	g.DeletionTimestamp = &now
}

var twinVar = Pod{ObjectMeta: metav1.ObjectMeta{Name: "x"}}
`

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// TestFakedDeletion checks InTestCode on the declarations of fakesSrc, a
// package that imports nothing only tests import.
func TestFakedDeletion(t *testing.T) {
	fset := token.NewFileSet()
	parse := func(name, src string) *ast.File {
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	std := importer.Default()
	meta, err := (&types.Config{Importer: std}).Check(crapi.MetaV1Pkg, fset, []*ast.File{parse("meta.go", metaStub)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	files := []*ast.File{parse("p.go", fakesSrc)}
	conf := &types.Config{Importer: importerFunc(func(path string) (*types.Package, error) {
		if path == crapi.MetaV1Pkg {
			return meta, nil
		}
		return std.Import(path)
	})}
	pkg, err := conf.Check("example.com/p", fset, files, info)
	if err != nil {
		t.Fatal(err)
	}
	pass := &analysis.Pass{Fset: fset, Files: files, Pkg: pkg, TypesInfo: info}
	seen := 0
	check := func(name string, at token.Pos) {
		seen++
		want := strings.HasPrefix(name, "fake")
		if got := InTestCode(pass, at); got != want {
			t.Errorf("%s: InTestCode = %v, want %v", name, got, want)
		}
	}
	for _, d := range files[0].Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			check(d.Name.Name, d.Name.Pos())
			check(d.Name.Name, d.Body.Rbrace-1) // the end of its body too
		case *ast.GenDecl:
			for _, s := range d.Specs {
				if vs, ok := s.(*ast.ValueSpec); ok {
					check(vs.Names[0].Name, vs.Names[0].Pos())
				}
			}
		}
	}
	if seen == 0 {
		t.Fatal("no declaration checked")
	}
}
