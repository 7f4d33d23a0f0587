package rbacgrant

import (
	"go/ast"
	"strings"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/rbacneeds"
)

// unused turns on the least-privilege report: grants no code of the
// module needs, and wildcards.
var unused bool

func init() {
	Analyzer.Flags.BoolVar(&unused, "unused", false,
		"also report, where the manager is created, rbac markers that grant a wildcard or a verb on a resource no code of the module needs (least privilege)")
}

// reportUnused reports the rules' wildcards and the verbs they grant that
// no need uses (rbacneeds.UnusedOf: a get is taken as used when the code
// reads the resource at all, <resource>/finalizers grants, which owner
// references with blockOwnerDeletion need, are never unused).
func (c *checker) reportUnused(expr ast.Node, unused []rbacneeds.Unused) {
	for _, u := range unused {
		r := u.Rule
		if u.Wildcard {
			diag.Reportf(c.pass, expr, nil, "the rbac marker at %s grants a wildcard (groups=%s, resources=%s, verbs=%s): the role may do far more than the code needs; list the groups, resources and verbs it uses",
				r.At, strings.Join(r.Groups, ";"), strings.Join(r.Resources, ";"), strings.Join(r.Verbs, ";"))
			continue
		}
		diag.Reportf(c.pass, expr, nil, "the rbac marker at %s grants %s, which no code of the module needs: least privilege asks to drop it",
			r.At, strings.Join(u.Extra, ", "))
	}
}
