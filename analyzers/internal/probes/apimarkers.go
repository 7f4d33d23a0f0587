package probes

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/apimarkers"
)

// APIMarkers reports what apimarkers read, so that the fixtures' "// want"
// comments spell it out: each kind at its type, the package's rules at
// its package clause, and an imported package's fact at the import.
var APIMarkers = &analysis.Analyzer{
	Name:     "apimarkersdump",
	Doc:      "report the markers read by apimarkers",
	Requires: []*analysis.Analyzer{apimarkers.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := apimarkers.Of(pass)
		p := res.Own()
		if p == nil {
			return nil, nil
		}
		if p.Err != "" {
			pass.Reportf(pass.Files[0].Name.Pos(), "error: %s", p.Err)
		}
		if len(p.Rules) > 0 {
			var rules []string
			for _, r := range p.Rules {
				s := fmt.Sprintf("groups=%s resources=%s verbs=%s", strings.Join(r.Groups, ","), strings.Join(r.Resources, ","), strings.Join(r.Verbs, ","))
				if r.Namespace != "" {
					s += " namespace=" + r.Namespace
				}
				rules = append(rules, s+" at "+r.At)
			}
			pass.Reportf(pass.Files[0].Name.Pos(), "rules: %s", strings.Join(rules, "; "))
		}
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if u, ok := n.(*ast.UnaryExpr); ok {
					if lit, ok := u.X.(*ast.CompositeLit); ok {
						if r, ok := res.ResourceOf(pass.TypesInfo.TypeOf(lit)); ok {
							scope := ""
							if n, ok := pass.TypesInfo.TypeOf(lit).(*types.Named); ok {
								if cluster, known := res.Scope(n.Obj()); known && cluster {
									scope = " cluster-scoped"
								} else if known {
									scope = " namespaced"
								}
							}
							pass.Reportf(lit.Pos(), "resource %s%s", r, scope)
						}
					}
				}
				return true
			})
			for _, decl := range f.Decls {
				gd, ok := decl.(*ast.GenDecl)
				if !ok {
					continue
				}
				for _, spec := range gd.Specs {
					switch spec := spec.(type) {
					case *ast.TypeSpec:
						if k := p.Kind(spec.Name.Name); k != nil {
							s := fmt.Sprintf("kind %s plural=%s", k.Type, k.Plural)
							if k.StatusSubresource {
								s += " status"
							}
							if k.Cluster {
								s += " cluster"
							}
							pass.Reportf(spec.Pos(), "%s", s)
						}
						if st, ok := spec.Type.(*ast.StructType); ok {
							tn, _ := pass.TypesInfo.Defs[spec.Name].(*types.TypeName)
							for _, f := range st.Fields.List {
								for _, name := range f.Names {
									if res.Immutable(tn, name.Name) {
										pass.Reportf(name.Pos(), "immutable %s.%s", spec.Name.Name, name.Name)
									}
								}
							}
						}
					case *ast.ImportSpec:
						pn, _ := pass.TypesInfo.Implicits[spec].(*types.PkgName)
						if pn == nil && spec.Name != nil {
							pn, _ = pass.TypesInfo.Defs[spec.Name].(*types.PkgName)
						}
						if pn == nil {
							continue
						}
						if imp := res.Lookup(pn.Imported()); imp != nil {
							pass.Reportf(spec.Pos(), "imports %s", imp)
						}
					}
				}
			}
		}
		return nil, nil
	},
}
