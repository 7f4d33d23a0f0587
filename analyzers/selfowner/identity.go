package selfowner

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// maxDepth bounds the recursive walks over values.
const maxDepth = 16

// checker asks the shared object layer for identity and Get keys.
type checker struct {
	objs *objects.Result
}

// rep returns v's function and v resolved: stripped of conversions and
// followed out of closures.
func (c *checker) rep(v ssa.Value) (*ssa.Function, ssa.Value) {
	v = ssaflow.Outer(v)
	return ssaflow.ParentOf(v), v
}

// identical reports whether a and b denote the same object without
// reasoning about keys: the same value, the same path or variable by
// the object layer, or, for two arguments of one call (sameCall), loads of
// one field path. Objects fetched by a Get are compared by sameObject on
// their keys, to say why they are one.
func (c *checker) identical(a, b ssa.Value, sameCall bool) bool {
	fa, ra := c.rep(a)
	fb, rb := c.rep(b)
	if fa == nil || fa != fb {
		return false
	}
	if ra == rb {
		return true
	}
	// Two loads of one field path in one call (h.owner, h.owner) read one
	// value: nothing runs between the evaluations of the arguments.
	if sameCall && isLoad(ra) && isLoad(rb) && c.objs.Source(ra) == c.objs.Source(rb) {
		return true
	}
	keys := c.objs.FetchKeys(fa)
	if _, ok := keys[ra]; ok {
		return false
	}
	if _, ok := keys[rb]; ok {
		return false
	}
	return c.objs.Same(fa, ra, rb)
}

// isLoad reports whether v reads a field (s.owner, (*p).owner).
func isLoad(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.Field:
		return true
	case *ssa.UnOp:
		_, ok := x.X.(*ssa.FieldAddr)
		return ok && x.Op == token.MUL
	}
	return false
}

// sameObject reports whether owner and owned denote the same Kubernetes
// object at the call, and why.
func (c *checker) sameObject(owner, owned ssa.Value) (string, bool) {
	fa, ra := c.rep(owner)
	fb, rb := c.rep(owned)
	if fa == nil || fa != fb {
		return "", false
	}
	if c.identical(ra, rb, true) {
		return "the same value", true
	}
	for _, p := range [][2]ssa.Value{{ra, rb}, {rb, ra}} {
		if orig, ok := objects.KeptCopy(p[1]); ok && c.identical(orig, p[0], false) {
			return "a DeepCopy keeps the name and UID", true
		}
	}
	if !types.Identical(ra.Type(), rb.Type()) || types.IsInterface(ra.Type()) {
		return "", false
	}
	keys := c.objs.FetchKeys(fa)
	for _, ka := range keys[ra] {
		for _, kb := range keys[rb] {
			if ka.Name == kb.Name && ka.Namespace == kb.Namespace {
				return "both are fetched with the same key", true
			}
		}
		// A re-fetch by client.ObjectKeyFromObject(owner).
		if ka.From != nil && c.identical(ka.From, rb, false) {
			return "one is re-fetched with client.ObjectKeyFromObject of the other", true
		}
	}
	for _, kb := range keys[rb] {
		if kb.From != nil && c.identical(kb.From, ra, false) {
			return "one is re-fetched with client.ObjectKeyFromObject of the other", true
		}
	}
	return "", false
}
