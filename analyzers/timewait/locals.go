package timewait

// This file records the local variables of a reconcile: their
// assignments, so that a condition over a variable reads as its value.

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// localsOf records the assignments of the local variables of the
// outermost function enclosing fn (closures see its variables).
func (c *checker) localsOf(fn *ssa.Function) map[*types.Var]*local {
	root := fn
	for root.Parent() != nil {
		root = root.Parent()
	}
	syn := root.Syntax()
	if syn == nil {
		return nil
	}
	if m, ok := c.locals[syn]; ok {
		return m
	}
	m := map[*types.Var]*local{}
	c.locals[syn] = m
	get := func(id *ast.Ident) *local {
		v := c.localVar(id)
		if v == nil {
			return nil
		}
		l := m[v]
		if l == nil {
			l = &local{}
			m[v] = l
		}
		return l
	}
	okAddr := map[ast.Expr]bool{}
	// Parameters and results hold a value on entry.
	entry := func(fl *ast.FieldList) {
		if fl == nil {
			return
		}
		for _, f := range fl.List {
			for _, id := range f.Names {
				if l := get(id); l != nil {
					l.rhs = append(l.rhs, nil)
				}
			}
		}
	}
	ast.Inspect(syn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			entry(n.Recv)
		case *ast.FuncType:
			entry(n.Params)
			entry(n.Results)
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				id, ok := ast.Unparen(lhs).(*ast.Ident)
				if !ok {
					continue
				}
				l := get(id)
				if l == nil {
					continue
				}
				var rhs ast.Expr
				if len(n.Lhs) == len(n.Rhs) && (n.Tok == token.ASSIGN || n.Tok == token.DEFINE) {
					rhs = n.Rhs[i]
				}
				l.rhs = append(l.rhs, rhs)
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				l := get(id)
				if l == nil {
					continue
				}
				var rhs ast.Expr
				if len(n.Names) == len(n.Values) {
					rhs = n.Values[i]
				}
				l.rhs = append(l.rhs, rhs)
			}
		case *ast.IncDecStmt:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
				if l := get(id); l != nil {
					l.rhs = append(l.rhs, nil)
				}
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if id, ok := e.(*ast.Ident); ok {
					if l := get(id); l != nil {
						l.rhs = append(l.rhs, nil)
					}
				}
			}
		case *ast.CallExpr:
			// metav1.Time's Before and Equal read what they are given.
			if fn := c.callee(n); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == metav1Pkg {
				for _, a := range n.Args {
					okAddr[a] = true
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && !okAddr[n] {
				if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
					if l := get(id); l != nil {
						l.escapes = true
					}
				}
			}
		}
		return true
	})
	return m
}

// localVar returns the local variable id refers to or declares; nil for a
// package variable, a field or anything else.
func (c *checker) localVar(id *ast.Ident) *types.Var {
	if id == nil || id.Name == "_" {
		return nil
	}
	obj := c.info.Defs[id]
	if obj == nil {
		obj = c.info.Uses[id]
	}
	v, ok := obj.(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	return v
}

// single returns the one expression assigned to the local variable id
// refers to, if it is assigned exactly once and its address is not taken.
func (c *checker) single(id *ast.Ident) ast.Expr {
	v := c.localVar(id)
	if v == nil {
		return nil
	}
	l := c.vars[v]
	if l == nil || l.escapes || len(l.rhs) != 1 {
		return nil
	}
	return l.rhs[0]
}
