package crapi_test

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
)

// reconcileStub has the shape of controller-runtime's reconcile.Result;
// the unit test needs no module download.
const reconcileStub = `package reconcile

type Duration int64

type Result struct {
	Requeue      bool
	RequeueAfter Duration
	Priority     *int
}
`

// Each function returns one Result; its name's suffix is the expected
// answer for that Result.
const resultSrc = `package p

import "sigs.k8s.io/controller-runtime/pkg/reconcile"

type Result = reconcile.Result

func zeroLit_none() (reconcile.Result, error) { return reconcile.Result{}, nil }

func aliasLit_none() (Result, error) { return Result{}, nil }

func constZeroFields_none() (Result, error) {
	return Result{RequeueAfter: 0, Requeue: false}, nil
}

func priority_none(p *int) (Result, error) { return Result{Priority: p}, nil }

func named_none() (res Result, err error) { return }

func after_set(d reconcile.Duration) (Result, error) {
	return Result{RequeueAfter: d}, nil
}

func requeue_set() (Result, error) { return Result{Requeue: true}, nil }

func fieldStore_set(x bool) (Result, error) {
	var r Result
	if x {
		r.RequeueAfter = 5
	}
	return r, nil
}

func phi_set(x bool) (Result, error) {
	r := Result{}
	if x {
		r = Result{RequeueAfter: 1}
	}
	return r, nil
}

func phiZero_none(x bool) (Result, error) {
	r := Result{}
	if x {
		r = Result{Priority: nil}
	}
	return r, nil
}

func helper() Result { return Result{} }

func call_unknown() (Result, error) { return helper(), nil }

func param_unknown(r Result) (Result, error) { return r, nil }

func set(r *Result) {}

func escapes_unknown() (Result, error) {
	var r Result
	set(&r)
	return r, nil
}
`

func TestResultRequeue(t *testing.T) {
	fset := token.NewFileSet()
	stubFile, err := parser.ParseFile(fset, "reconcile.go", reconcileStub, 0)
	if err != nil {
		t.Fatal(err)
	}
	stub, err := new(types.Config).Check(crapi.ReconcilePkg, fset, []*ast.File{stubFile}, nil)
	if err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(fset, "p.go", resultSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := &types.Config{Importer: importerFunc(func(path string) (*types.Package, error) {
		if path == crapi.ReconcilePkg {
			return stub, nil
		}
		return nil, fmt.Errorf("no package %s", path)
	})}
	pkg, _, err := ssautil.BuildPackage(conf, fset, types.NewPackage("p", "p"), []*ast.File{f}, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]crapi.Requeue{"none": crapi.RequeueNone, "set": crapi.RequeueSet, "unknown": crapi.RequeueUnknown}
	n := 0
	for _, m := range pkg.Members {
		fn, ok := m.(*ssa.Function)
		if !ok || fn.Signature.Results().Len() != 2 {
			continue
		}
		name := fn.Name()
		var expect crapi.Requeue
		found := false
		for suffix, r := range want {
			if len(name) > len(suffix) && name[len(name)-len(suffix)-1:] == "_"+suffix {
				expect, found = r, true
			}
		}
		if !found {
			t.Fatalf("%s: no expectation in its name", name)
		}
		for _, b := range fn.Blocks {
			ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !ok {
				continue
			}
			n++
			if got := crapi.ResultRequeue(ret.Results[0]); got != expect {
				t.Errorf("%s: ResultRequeue = %v, want %v", name, got, expect)
			}
		}
	}
	if n < 13 {
		t.Errorf("checked %d returns, want at least 13", n)
	}
	// Not a Result at all.
	if got := crapi.ResultRequeue(nil); got != crapi.RequeueUnknown {
		t.Errorf("ResultRequeue(nil) = %v", got)
	}
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
