package crapi_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
)

const namespacedClientStub = `package client

type Client interface{ Get() }

func NewNamespacedClient(c Client, namespace string) Client { return c }

func New() Client { return nil }
`

const cacheStub = `package cache

type Config struct{}

type ByObject struct{ Namespaces map[string]Config; Label string }

type Options struct {
	DefaultNamespaces map[string]Config
	ByObject          map[string]ByObject
	SyncPeriod        int
}
`

// Each function's name's suffix says whether it restricts a client to
// namespaces.
const restrictSrc = `package p

import (
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func namespaced_yes(c client.Client) client.Client { return client.NewNamespacedClient(c, "ns") }

func plain_no() client.Client { return client.New() }

func defaultNamespaces_yes() cache.Options {
	return cache.Options{DefaultNamespaces: map[string]cache.Config{"ns": {}}}
}

func byObject_yes() cache.ByObject { return cache.ByObject{Namespaces: map[string]cache.Config{"ns": {}}} }

func nilNamespaces_no() cache.Options { return cache.Options{DefaultNamespaces: nil, SyncPeriod: 1} }

func otherField_no() cache.ByObject { return cache.ByObject{Label: "a"} }
`

func TestRestrictsNamespace(t *testing.T) {
	fset := token.NewFileSet()
	stubs := map[string]*types.Package{}
	for path, src := range map[string]string{crapi.ClientPkg: namespacedClientStub, crapi.CachePkg: cacheStub} {
		f, err := parser.ParseFile(fset, path+".go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		pkg, err := new(types.Config).Check(path, fset, []*ast.File{f}, nil)
		if err != nil {
			t.Fatal(err)
		}
		stubs[path] = pkg
	}
	f, err := parser.ParseFile(fset, "p.go", restrictSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := &types.Config{Importer: importerFunc(func(path string) (*types.Package, error) {
		if p, ok := stubs[path]; ok {
			return p, nil
		}
		return nil, fmt.Errorf("no package %s", path)
	})}
	pkg, _, err := ssautil.BuildPackage(conf, fset, types.NewPackage("p", "p"), []*ast.File{f}, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range pkg.Members {
		fn, ok := m.(*ssa.Function)
		if !ok || !strings.Contains(fn.Name(), "_") {
			continue
		}
		n++
		got := false
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				got = got || crapi.RestrictsNamespace(instr)
			}
		}
		if want := strings.HasSuffix(fn.Name(), "_yes"); got != want {
			t.Errorf("%s: RestrictsNamespace = %v, want %v", fn.Name(), got, want)
		}
	}
	if n != 6 {
		t.Errorf("checked %d functions, want 6", n)
	}
}
