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

// The stubs have the shape of apimachinery's errors and
// controller-runtime's client helpers.
const apierrorsStub = `package errors

func IsNotFound(err error) bool      { return false }
func IsAlreadyExists(err error) bool { return false }
`

const clientStub = `package client

func IgnoreNotFound(err error) error      { return err }
func IgnoreAlreadyExists(err error) error { return err }
`

// Each function has one If; its name's suffix is the expected answer: the
// value returned when err is NotFound, or "no" when it is no NotFound
// test. (SSA may build "if !x" as an If on x with its edges swapped.)
const notFoundSrc = `package p

import (
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func is_1(err error) int {
	if apierrors.IsNotFound(err) {
		return 1
	}
	return 2
}

func not_2(err error) int {
	if !apierrors.IsNotFound(err) {
		return 1
	}
	return 2
}

func ignoreNeq_2(err error) int {
	if client.IgnoreNotFound(err) != nil {
		return 1
	}
	return 2
}

func ignoreEq_1(err error) int {
	if nil == client.IgnoreNotFound(err) {
		return 1
	}
	return 2
}

func alreadyExists_no(err error) int {
	if apierrors.IsAlreadyExists(err) {
		return 1
	}
	return 2
}

func ignoreAlreadyExists_no(err error) int {
	if client.IgnoreAlreadyExists(err) != nil {
		return 1
	}
	return 2
}

func nilTest_no(err error) int {
	if err != nil {
		return 1
	}
	return 2
}
`

func TestNotFoundTest(t *testing.T) {
	fset := token.NewFileSet()
	stubs := map[string]*types.Package{}
	for path, src := range map[string]string{crapi.APIErrorsPkg: apierrorsStub, crapi.ClientPkg: clientStub} {
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
	f, err := parser.ParseFile(fset, "p.go", notFoundSrc, 0)
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
		if !ok || len(fn.Params) != 1 {
			continue
		}
		_, want, _ := strings.Cut(fn.Name(), "_")
		for _, b := range fn.Blocks {
			ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
			if !ok {
				continue
			}
			n++
			errv, edge, ok := crapi.NotFoundTest(ifi.Cond)
			switch {
			case want == "no":
				if ok {
					t.Errorf("%s: NotFoundTest = %d, want none", fn.Name(), edge)
				}
			case !ok:
				t.Errorf("%s: NotFoundTest found none, want edge %s", fn.Name(), want)
			case errv != fn.Params[0]:
				t.Errorf("%s: NotFoundTest tests %v, want %v", fn.Name(), errv, fn.Params[0])
			default:
				ret, ok := b.Succs[edge].Instrs[0].(*ssa.Return)
				if !ok {
					t.Fatalf("%s: edge %d leads to no return", fn.Name(), edge)
				}
				if c, _ := ret.Results[0].(*ssa.Const); c == nil || c.Value.String() != want {
					t.Errorf("%s: NotFound takes edge %d, which returns %v, want %s", fn.Name(), edge, ret.Results[0], want)
				}
			}
		}
	}
	if n != 7 {
		t.Errorf("checked %d tests, want 7", n)
	}
}
