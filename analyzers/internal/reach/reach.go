package reach

import (
	"cmp"
	"go/types"
	"slices"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// Graph is the reach graph of one package's functions. It is safe for
// concurrent use: a graph kept in an analyzer's result (wiring's) is
// walked by several checks at once (golangci-lint runs them in parallel).
type Graph struct {
	pkg     *types.Package
	methods map[*types.TypeName][]*ssa.Function
	// globals holds, for each package-level variable, the functions the
	// package initializer stores in it, directly or in the fields and
	// elements of a value it stores (var root = &cobra.Command{RunE:
	// func(...) error {...}}): code that reads the variable may run them.
	globals map[*ssa.Global][]*ssa.Function
	// globalTypes holds the named types of the values the package
	// initializer stores in each variable.
	globalTypes map[*ssa.Global][]*types.TypeName

	mu    sync.Mutex // guards edges, filled as functions are first walked
	edges map[*ssa.Function]*edges
}

// edges are what one function refers to.
type edges struct {
	funcs    []*ssa.Function   // of the package: callees, closures, function values
	types    []*types.TypeName // of the package, with methods
	imported []types.Object    // functions and types of other packages
}

// New returns the graph of funcs, the source functions of pkg.
func New(pkg *types.Package, funcs []*ssa.Function) *Graph {
	g := &Graph{pkg: pkg, methods: map[*types.TypeName][]*ssa.Function{}, globals: map[*ssa.Global][]*ssa.Function{}, globalTypes: map[*ssa.Global][]*types.TypeName{}, edges: map[*ssa.Function]*edges{}}
	for _, fn := range funcs {
		if fn.Synthetic == "package initializer" {
			g.initStores(fn)
		}
		if recv := fn.Signature.Recv(); recv != nil && fn.Parent() == nil {
			if n := crapi.Named(recv.Type()); n != nil && n.Obj().Pkg() == pkg {
				g.methods[n.Obj()] = append(g.methods[n.Obj()], fn)
			}
		}
	}
	return g
}

// initStores records what the package initializer stores in the
// package's variables.
func (g *Graph) initStores(init *ssa.Function) {
	for _, b := range init.Blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			addr := st.Addr
			for {
				if fa, ok := addr.(*ssa.FieldAddr); ok {
					addr = fa.X
				} else if ia, ok := addr.(*ssa.IndexAddr); ok {
					addr = ia.X
				} else {
					break
				}
			}
			if gl, ok := addr.(*ssa.Global); ok && gl.Pkg != nil && gl.Pkg.Pkg == g.pkg {
				made := map[*types.TypeName]bool{}
				g.globals[gl] = append(g.globals[gl], storedFuncs(st.Val, 0, made)...)
				for tn := range made {
					g.globalTypes[gl] = append(g.globalTypes[gl], tn)
				}
				slices.SortFunc(g.globalTypes[gl], func(a, b *types.TypeName) int { return cmp.Compare(a.Pos(), b.Pos()) })
			}
		}
	}
}

// storedFuncs returns the functions of a value a package initializer
// stores: a function, a closure, or those stored in the fields, elements
// and map entries of a composite literal. types gets the named types of
// the values it makes (var controllers = map[string]I{"a": &pkg.AReconciler{}}).
func storedFuncs(v ssa.Value, depth int, types map[*types.TypeName]bool) []*ssa.Function {
	if depth > 4 {
		return nil
	}
	switch v := v.(type) {
	case *ssa.Function:
		if v.Synthetic == "" {
			return []*ssa.Function{v}
		}
	case *ssa.MakeClosure:
		return storedFuncs(v.Fn, depth+1, types)
	case *ssa.MakeInterface:
		if n := crapi.Named(v.X.Type()); n != nil && n.Obj().Pkg() != nil {
			types[n.Obj()] = true
		}
		return storedFuncs(v.X, depth+1, types)
	case *ssa.ChangeType:
		return storedFuncs(v.X, depth+1, types)
	case *ssa.Slice:
		return storedFuncs(v.X, depth+1, types)
	case *ssa.UnOp:
		return storedFuncs(v.X, depth+1, types)
	case *ssa.MakeMap:
		var out []*ssa.Function
		for _, ref := range *v.Referrers() {
			if mu, ok := ref.(*ssa.MapUpdate); ok && mu.Map == v {
				out = append(out, storedFuncs(mu.Value, depth+1, types)...)
			}
		}
		return out
	case *ssa.Alloc:
		if n := crapi.Named(v.Type()); n != nil && n.Obj().Pkg() != nil {
			types[n.Obj()] = true
		}
		var out []*ssa.Function
		var walk func(a ssa.Value, d int)
		walk = func(a ssa.Value, d int) {
			if d > 4 {
				return
			}
			for _, ref := range *a.Referrers() {
				switch ref := ref.(type) {
				case *ssa.FieldAddr:
					walk(ref, d+1)
				case *ssa.IndexAddr:
					walk(ref, d+1)
				case *ssa.Store:
					if ref.Addr == a {
						out = append(out, storedFuncs(ref.Val, depth+1, types)...)
					}
				}
			}
		}
		walk(v, 0)
		return out
	}
	return nil
}

// Stored returns the functions the package initializer stores in gl, a
// variable of the package (see Graph.globals).
func (g *Graph) Stored(gl *ssa.Global) []*ssa.Function { return g.globals[gl] }

// RootVars returns the exported package-level variables the package
// initializer stores functions in, whose facts importing packages read
// (a cli.Command whose Action makes the manager), in source order.
func (g *Graph) RootVars() []*ssa.Global {
	var out []*ssa.Global
	for gl, fns := range g.globals {
		if len(fns) > 0 && gl.Object() != nil && gl.Object().Exported() {
			out = append(out, gl)
		}
	}
	slices.SortFunc(out, func(a, b *ssa.Global) int { return cmp.Compare(a.Pos(), b.Pos()) })
	return out
}

// Methods returns the source methods of tn, a type of the package.
func (g *Graph) Methods(tn *types.TypeName) []*ssa.Function { return g.methods[tn] }

func (g *Graph) edgesOf(fn *ssa.Function) *edges {
	g.mu.Lock()
	defer g.mu.Unlock()
	if e := g.edges[fn]; e != nil {
		return e
	}
	e := &edges{}
	g.edges[fn] = e
	seen := map[types.Object]bool{}
	addType := func(t types.Type) {
		n := crapi.Named(t)
		if n == nil || n.Obj().Pkg() == nil || seen[n.Obj()] {
			return
		}
		seen[n.Obj()] = true
		if n.Obj().Pkg() == g.pkg {
			if len(g.methods[n.Obj()]) > 0 {
				e.types = append(e.types, n.Obj())
			}
		} else {
			e.imported = append(e.imported, n.Obj())
		}
	}
	addFunc := func(f *ssa.Function) {
		if o := f.Origin(); o != nil {
			f = o
		}
		if f.Pkg != nil && f.Pkg.Pkg == g.pkg {
			e.funcs = append(e.funcs, f)
		} else if obj, ok := f.Object().(*types.Func); ok && obj.Pkg() != nil && !seen[obj] {
			seen[obj] = true
			e.imported = append(e.imported, obj)
		}
	}
	e.funcs = append(e.funcs, fn.AnonFuncs...)
	var ops []*ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok {
				if callee := ssaflow.LocalCallee(call.Common(), g.pkg); callee != nil {
					e.funcs = append(e.funcs, callee)
				} else if obj := crapi.Callee(call.Common()); obj != nil && obj.Pkg() != nil && obj.Pkg() != g.pkg && !seen[obj] {
					seen[obj] = true
					e.imported = append(e.imported, obj)
				}
			}
			if v, ok := instr.(ssa.Value); ok {
				addType(v.Type())
			}
			for _, op := range instr.Operands(ops[:0]) {
				switch v := (*op).(type) {
				case *ssa.Function:
					if v.Synthetic == "" {
						addFunc(v)
					}
				case *ssa.Global:
					if v.Pkg != nil && v.Pkg.Pkg != g.pkg {
						// Another package's variable: its fact holds what
						// its initializer stored (see RootVars).
						if obj := v.Object(); obj != nil && !seen[obj] {
							seen[obj] = true
							e.imported = append(e.imported, obj)
						}
					} else if fn.Synthetic != "package initializer" {
						e.funcs = append(e.funcs, g.globals[v]...)
						for _, tn := range g.globalTypes[v] {
							addType(types.NewPointer(tn.Type()))
						}
					}
				}
			}
		}
	}
	return e
}

// Walk calls fn for each function of the package that fns and the methods
// of tns may run, and imported for each function and type of another
// package they refer to; each once.
func (g *Graph) Walk(fns []*ssa.Function, tns []*types.TypeName, fn func(*ssa.Function), imported func(types.Object)) {
	g.walk(fns, tns, true, fn, imported)
}

// WalkCalls is Walk along calls and function values only: what calling
// fns runs, without the methods of the types it refers to (a test that
// calls one method of a reconciler does not run the others) and without
// imported types.
func (g *Graph) WalkCalls(fns []*ssa.Function, fn func(*ssa.Function), imported func(*types.Func)) {
	g.walk(fns, nil, false, fn, func(obj types.Object) {
		if f, ok := obj.(*types.Func); ok {
			imported(f)
		}
	})
}

func (g *Graph) walk(fns []*ssa.Function, tns []*types.TypeName, viaTypes bool, fn func(*ssa.Function), imported func(types.Object)) {
	seenF := map[*ssa.Function]bool{}
	seenO := map[types.Object]bool{}
	var visitF func(*ssa.Function)
	var visitT func(*types.TypeName)
	visitF = func(f *ssa.Function) {
		if seenF[f] {
			return
		}
		seenF[f] = true
		fn(f)
		e := g.edgesOf(f)
		for _, c := range e.funcs {
			visitF(c)
		}
		if viaTypes {
			for _, tn := range e.types {
				visitT(tn)
			}
		}
		for _, obj := range e.imported {
			if _, isType := obj.(*types.TypeName); isType && !viaTypes {
				continue
			}
			if !seenO[obj] {
				seenO[obj] = true
				imported(obj)
			}
		}
	}
	visitT = func(tn *types.TypeName) {
		if seenO[tn] {
			return
		}
		seenO[tn] = true
		for _, m := range g.methods[tn] {
			visitF(m)
		}
	}
	for _, f := range fns {
		visitF(f)
	}
	for _, tn := range tns {
		visitT(tn)
	}
}

// Roots returns the objects whose facts importing packages read: the
// exported functions among funcs (not methods: a call of a method has a
// receiver of its type, whose fact covers every method), and the exported
// package-level types with methods.
func (g *Graph) Roots(funcs []*ssa.Function) (fns []*ssa.Function, tns []*types.TypeName) {
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || !obj.Exported() || obj.Signature().Recv() != nil {
			continue
		}
		fns = append(fns, fn)
	}
	for tn := range g.methods {
		if tn.Exported() && tn.Parent() == g.pkg.Scope() {
			tns = append(tns, tn)
		}
	}
	// Map order would make the order of facts and findings vary.
	slices.SortFunc(tns, func(a, b *types.TypeName) int { return cmp.Compare(a.Pos(), b.Pos()) })
	return fns, tns
}
