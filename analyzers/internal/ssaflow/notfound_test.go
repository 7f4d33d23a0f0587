package ssaflow_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// Stubs with the shapes of apimachinery's errors and controller-runtime's
// IgnoreNotFound.
var notFoundStubs = map[string]string{
	crapi.APIErrorsPkg: `package errors
func IsNotFound(err error) bool { return false }
func IsConflict(err error) bool { return false }
`,
	crapi.ClientPkg: `package client
func IgnoreNotFound(err error) error { return err }
`,
	"fmt": `package fmt
func Errorf(format string, a ...any) error { return nil }
`,
	"errors": `package errors
func New(text string) error { return nil }
`,
}

// Each function's name is what NotFoundReturns finds for the error of
// get(): how many returns carry it, then how many return an error made
// where it is known NotFound.
const notFoundReturnsSrc = `package p

import (
	"errors"
	"fmt"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func get() error
func ok() bool

func plain_1_0() error {
	if err := get(); err != nil {
		return err
	}
	return nil
}

func wrapped_1_0() (int, error) {
	if err := get(); err != nil {
		return 0, fmt.Errorf("get: %w", err)
	}
	return 1, nil
}

func ignored_0_0() error {
	if err := get(); client.IgnoreNotFound(err) != nil {
		return err
	}
	return nil
}

func filtered_0_0() error {
	err := get()
	if apierrors.IsNotFound(err) {
		return nil
	}
	return err
}

func wrappedIgnore_0_0() error {
	return client.IgnoreNotFound(get())
}

func made_0_1() error {
	err := get()
	if apierrors.IsNotFound(err) {
		return errors.New("dependency not found")
	}
	if err != nil {
		return nil
	}
	return nil
}

func conflictOnly_1_0() error {
	err := get()
	if apierrors.IsConflict(err) {
		return nil
	}
	return err
}

func examined_0_0(is func(error) bool) error {
	err := get()
	if is(err) {
		return nil
	}
	return err
}
`

func TestNotFoundReturns(t *testing.T) {
	fset := token.NewFileSet()
	stubs := map[string]*types.Package{}
	for path, src := range notFoundStubs {
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
	f, err := parser.ParseFile(fset, "p.go", notFoundReturnsSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := &types.Config{Importer: importerOf(stubs)}
	pkg, _, err := ssautil.BuildPackage(conf, fset, types.NewPackage("p", "p"), []*ast.File{f}, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range pkg.Members {
		fn, ok := m.(*ssa.Function)
		if !ok || len(fn.Blocks) == 0 || fn.Name() == "init" {
			continue
		}
		var get *ssa.Call
		for c := range ssaflow.PlainCalls(fn) {
			if c.Call.StaticCallee() == pkg.Func("get") {
				get = c
			}
		}
		if get == nil {
			continue
		}
		n++
		var carried, made int
		for _, r := range ssaflow.NotFoundReturns(fn, get) {
			if r.Made {
				made++
			} else {
				carried++
			}
		}
		if got := fmt.Sprintf("_%d_%d", carried, made); fn.Name()[len(fn.Name())-len(got):] != got {
			t.Errorf("%s: NotFoundReturns finds %d carrying and %d made, want the name's", fn.Name(), carried, made)
		}
	}
	if n != 8 {
		t.Errorf("checked %d functions, want 8", n)
	}
}

type importerOf map[string]*types.Package

func (m importerOf) Import(path string) (*types.Package, error) {
	if p, ok := m[path]; ok {
		return p, nil
	}
	return nil, fmt.Errorf("no package %s", path)
}
