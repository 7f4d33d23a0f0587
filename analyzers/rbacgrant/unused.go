package rbacgrant

import (
	"fmt"
	"go/ast"
	"slices"
	"strings"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/apimarkers"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/wiring"
)

// unused turns on the least-privilege report: grants no code of the
// module needs, and wildcards.
var unused bool

func init() {
	Analyzer.Flags.BoolVar(&unused, "unused", false,
		"also report, where the manager is created, rbac markers that grant a wildcard or a verb on a resource no code of the module needs (least privilege)")
}

// reportUnused reports the rules' wildcards and the verbs they grant that
// no need uses. A get is taken as used when the code reads the resource
// at all, and <resource>/finalizers grants (which owner references with
// blockOwnerDeletion need) are never reported.
func (c *checker) reportUnused(expr ast.Node, rules grantSet, needs []wiring.Request, uncached map[apimarkers.Resource]bool) {
	used := map[string]bool{} // group|resource|verb
	for _, n := range needs {
		for _, o := range options(n, uncached) {
			for _, v := range o.verbs {
				used[o.group+"|"+o.resource+"|"+v] = true
			}
			if slices.Contains(o.verbs, "list") || slices.Contains(o.verbs, "watch") {
				used[o.group+"|"+o.resource+"|get"] = true
			}
		}
	}
	for _, r := range rules {
		if len(r.URLs) > 0 {
			continue
		}
		where := r.At
		if slices.Contains(r.Verbs, "*") || slices.Contains(r.Resources, "*") || slices.Contains(r.Groups, "*") {
			diag.Reportf(c.pass, expr, nil, "the rbac marker at %s grants a wildcard (groups=%s, resources=%s, verbs=%s): the role may do far more than the code needs; list the groups, resources and verbs it uses",
				where, strings.Join(r.Groups, ";"), strings.Join(r.Resources, ";"), strings.Join(r.Verbs, ";"))
			continue
		}
		var extra []string
		for _, g := range r.Groups {
			for _, res := range r.Resources {
				if strings.HasSuffix(res, "/finalizers") {
					continue
				}
				for _, v := range r.Verbs {
					if !used[normGroup(g)+"|"+res+"|"+strings.ToLower(v)] {
						extra = append(extra, fmt.Sprintf("%s %s", v, res))
					}
				}
			}
		}
		if len(extra) > 0 {
			diag.Reportf(c.pass, expr, nil, "the rbac marker at %s grants %s, which no code of the module needs: least privilege asks to drop it",
				where, strings.Join(extra, ", "))
		}
	}
}
