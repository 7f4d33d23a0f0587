package diag

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
)

// StoreNode returns where to report a store that SSA places at pos (the
// position of an assignment's "=" or an IncDec's operator): the assigned
// expression (r.f in r.f = v, x in x++), the whole assignment when it has
// several sides, or a zero-width node at pos when no statement holds it.
func StoreNode(pass *analysis.Pass, pos token.Pos) ast.Node {
	if file := File(pass, pos); file != nil && pos.IsValid() {
		path, _ := astutil.PathEnclosingInterval(file, pos, pos)
	walk:
		for _, n := range path {
			switch s := n.(type) {
			case *ast.AssignStmt:
				for _, l := range s.Lhs {
					if len(s.Lhs) == 1 || l.Pos() <= pos && pos < l.End() {
						return l
					}
				}
				return s
			case *ast.IncDecStmt:
				return s.X
			case *ast.FuncLit, *ast.BlockStmt:
				break walk
			}
		}
	}
	return at(pos)
}

// at is a zero-width node.
type at token.Pos

func (p at) Pos() token.Pos { return token.Pos(p) }
func (p at) End() token.Pos { return token.Pos(p) }
