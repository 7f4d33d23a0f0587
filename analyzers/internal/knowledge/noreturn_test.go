package knowledge_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestNoReturn looks every loadable row up in the real packages (a method
// row without a receiver type on testing's T, B and F alike; klog v1, zap
// and logrus are not dependencies of this module: their rows, x/tools',
// are used on real code only) and holds NoReturn to it; their look-alikes
// that return are not in it.
func TestNoReturn(t *testing.T) {
	var rows []knowledge.NoReturnRow
	for _, r := range knowledge.NoReturnRows() {
		if loadable(r.Pkg) {
			rows = append(rows, r)
		}
	}
	byPath := loadTypes(t, pkgsOf(rows, func(r knowledge.NoReturnRow) string { return r.Pkg })...)
	method, fun := lookups(t, byPath)
	for _, r := range rows {
		if !r.Method {
			if r.Pkg == "syscall" && byPath[r.Pkg].Scope().Lookup(r.Name) == nil {
				continue // ExitProcess and ExitThread: Windows and Plan 9 only
			}
			if fn := fun(r.Pkg, r.Name); !knowledge.NoReturn(fn) {
				t.Errorf("NoReturn(%v) = false", fn)
			}
			continue
		}
		if r.Recv != "" {
			if fn := method(r.Pkg, r.Recv, r.Name); !knowledge.NoReturn(fn) {
				t.Errorf("NoReturn(%v) = false", fn)
			}
			continue
		}
		for _, typ := range []string{"T", "B", "F"} {
			if fn := method(r.Pkg, typ, r.Name); !knowledge.NoReturn(fn) {
				t.Errorf("NoReturn(%v) = false", fn)
			}
		}
	}
	for _, fn := range []*types.Func{fun("log", "Print"), fun("os", "Getenv"), fun("k8s.io/klog/v2", "Info"), method("testing", "T", "Error"), nil} {
		if knowledge.NoReturn(fn) {
			t.Errorf("NoReturn(%v) = true", fn)
		}
	}
}

// TestNoReturnReceiver holds the rows with a receiver type to it, on a
// stand-in of zap's package (not a dependency of this module): Logger's
// Fatal ends the process, another type's Fatal and Logger's Error do not.
func TestNoReturnReceiver(t *testing.T) {
	const src = `package zap
type Logger struct{}
func (*Logger) Fatal(string) {}
func (*Logger) Error(string) {}
type SugaredLogger struct{}
func (*SugaredLogger) Fatalw(string, ...any) {}
type Other struct{}
func (Other) Fatal(string) {}
`
	_, m := standIn(t, "go.uber.org/zap", src)
	for fn, want := range map[*types.Func]bool{
		m("Logger", "Fatal"): true, m("SugaredLogger", "Fatalw"): true,
		m("Logger", "Error"): false, m("Other", "Fatal"): false,
	} {
		if got := knowledge.NoReturn(fn); got != want {
			t.Errorf("NoReturn(%v) = %v, want %v", fn, got, want)
		}
	}
}

// TestNoReturnLogrus holds logrus's Fatal family to it on a stand-in of
// its package (not a dependency of this module): Entry's, Logger's and
// the package's Fatal end the process, Entry's Error does not.
func TestNoReturnLogrus(t *testing.T) {
	const src = `package logrus
type Logger struct{}
func (*Logger) Fatalf(string, ...any) {}
type Entry struct{}
func (*Entry) Fatal(...any) {}
func (*Entry) Error(...any) {}
func Fatalln(...any) {}
func Errorf(string, ...any) {}
`
	pkg, m := standIn(t, "github.com/sirupsen/logrus", src)
	fn := func(name string) *types.Func { return pkg.Scope().Lookup(name).(*types.Func) }
	for f, want := range map[*types.Func]bool{
		m("Entry", "Fatal"): true, m("Logger", "Fatalf"): true, fn("Fatalln"): true,
		m("Entry", "Error"): false, fn("Errorf"): false,
	} {
		if got := knowledge.NoReturn(f); got != want {
			t.Errorf("NoReturn(%v) = %v, want %v", f, got, want)
		}
	}
}

// standIn type-checks src as the package path (a library that is not a
// dependency of this module) and returns it with a lookup of the methods
// of its types' pointers.
func standIn(t *testing.T, path, src string) (*types.Package, func(typ, name string) *types.Func) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "standin.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := new(types.Config).Check(path, fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pkg, func(typ, name string) *types.Func {
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(pkg.Scope().Lookup(typ).Type()), true, pkg, name)
		return obj.(*types.Func)
	}
}
