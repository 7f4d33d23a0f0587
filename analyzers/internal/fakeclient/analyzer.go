package fakeclient

import (
	"fmt"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// Analyzer provides the package's *Index as its result, and exports a
// Returns fact on each exported function of the module that returns a
// fake client on every path (a test helper package's NewFakeClient), so
// that the index of an importing package follows its calls.
var Analyzer = &analysis.Analyzer{
	Name:       "fakeclient",
	Doc:        "follow client values to controller-runtime's fake client builds",
	Requires:   []*analysis.Analyzer{ssapkg.Analyzer},
	Run:        run,
	ResultType: reflect.TypeOf((*Index)(nil)),
	FactTypes:  []analysis.Fact{new(Returns)},
}

// Returns is the fact of a function that returns, as its result Result, a
// fake client on every path: the types given to WithStatusSubresource (by
// package path and name), or that they are unknown.
type Returns struct {
	Result  int
	Status  []string
	Unknown bool
	None    bool
}

// AFact implements analysis.Fact.
func (*Returns) AFact() {}

func (f *Returns) String() string {
	s := fmt.Sprintf("returnsFake(%d", f.Result)
	if len(f.Status) > 0 {
		s += " status=" + strings.Join(f.Status, ",")
	}
	if f.Unknown {
		s += " unknown"
	}
	if f.None {
		s += " none"
	}
	return s + ")"
}

// Of returns the index of the pass's package.
func Of(pass *analysis.Pass) *Index {
	ix, _ := pass.ResultOf[Analyzer].(*Index)
	return ix
}

func run(pass *analysis.Pass) (any, error) {
	if ssapkg.IsDependency(pass) {
		return New(nil), nil
	}
	prog := ssapkg.Of(pass)
	funcs := slices.Concat(prog.SrcFuncs(), prog.InitFuncs())
	ix := New(funcs)
	ix.imported = map[*types.Func]*Returns{}
	for _, fn := range funcs {
		for call := range ssaflow.Calls(fn) {
			f := crapi.Callee(call.Common())
			if f == nil || f.Pkg() == nil || f.Pkg() == pass.Pkg || call.Common().IsInvoke() {
				continue
			}
			if _, done := ix.imported[f]; done {
				continue
			}
			fact := new(Returns)
			if !pass.ImportObjectFact(f, fact) {
				fact = nil
			}
			ix.imported[f] = fact
		}
	}
	for _, fn := range prog.SrcFuncs() {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || !obj.Exported() || fn.TypeParams().Len() > 0 {
			continue
		}
		res := fn.Signature.Results()
		for i := range res.Len() {
			// A client: an interface with the writer's Update (not an
			// error, which every helper returns).
			rt := res.At(i).Type()
			if m, _, _ := types.LookupFieldOrMethod(rt, false, nil, string(crapi.Update)); !types.IsInterface(rt) || m == nil {
				continue
			}
			vals := results(&ssa.CallCommon{Value: fn}, i)
			if len(vals) == 0 {
				continue
			}
			var clients []Client
			for _, v := range vals {
				cs, ok := ix.Of(v)
				if !ok {
					clients = nil
					break
				}
				clients = append(clients, cs...)
			}
			if len(clients) == 0 || slices.ContainsFunc(clients[1:], func(c Client) bool { return !sameClient(c, clients[0]) }) {
				continue
			}
			pass.ExportObjectFact(obj, clients[0].fact(i))
			break
		}
	}
	return ix, nil
}

// typeKey names a type across packages: the package path and name of the
// named type behind it.
func typeKey(t types.Type) string {
	n := crapi.Named(t)
	if n == nil || n.Obj().Pkg() == nil {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name()
}

func (c Client) keys() []string {
	keys := slices.Clone(c.statusKeys)
	for _, t := range c.status {
		keys = append(keys, typeKey(t))
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

func sameClient(a, b Client) bool {
	return a.unknown == b.unknown && a.none == b.none && slices.Equal(a.keys(), b.keys())
}

func (c Client) fact(result int) *Returns {
	return &Returns{Result: result, Status: c.keys(), Unknown: c.unknown, None: c.none}
}

func clientOf(f *Returns) Client {
	return Client{statusKeys: f.Status, unknown: f.Unknown, none: f.None}
}
