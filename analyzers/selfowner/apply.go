package selfowner

import (
	"go/types"
	"path"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// metaV1ACPkg holds client-go's OwnerReferenceApplyConfiguration, which
// generated apply configurations of every kind use.
const metaV1ACPkg = crapi.ApplyMetaV1Pkg

const applySuffix = "ApplyConfiguration"

// selfApply reports whether call is ac.WithOwnerReferences(refs...) where
// ac is the apply configuration of an object O, built by its kind's
// constructor from O's own name and namespace (corev1ac.ConfigMap(cm.Name,
// cm.Namespace)) or extracted from O (corev1ac.ExtractConfigMap(cm, ...)),
// and one of refs carries O's UID.
func (c *checker) selfApply(fn *ssa.Function, call *ssa.Call) bool {
	cc := call.Common()
	callee := crapi.Callee(cc)
	if callee == nil || callee.Name() != "WithOwnerReferences" || !callee.Signature().Variadic() {
		return false
	}
	recv := crapi.Receiver(cc)
	args := crapi.CallArgs(cc)
	if recv == nil || len(args) != 1 {
		return false
	}
	acType := crapi.Named(recv.Type())
	if acType == nil || !strings.HasSuffix(acType.Obj().Name(), applySuffix) {
		return false
	}
	root := chainRoot(recv, acType)
	var rootCall *ssa.Call
	switch r := root.(type) {
	case *ssa.Call:
		rootCall = r
	case *ssa.Extract:
		// ac, err := corev1ac.ExtractConfigMap(cm, fieldManager)
		if call, ok := r.Tuple.(*ssa.Call); ok && r.Index == 0 {
			rootCall = call
		}
	}
	if rootCall == nil || renamed(fn, root, acType) {
		return false
	}
	for _, ref := range variadicElems(args[0]) {
		for _, uid := range c.uidSources(fn, ref) {
			obj := uidObject(uid)
			if obj != nil && c.appliesTo(rootCall, acType, obj) {
				return true
			}
		}
	}
	return false
}

// chainRoot follows v back through calls of builder methods of t (methods
// of *t returning *t: WithLabels, WithData...) to the value they started
// from.
func chainRoot(v ssa.Value, t *types.Named) ssa.Value {
	for i := 0; i < 64; i++ {
		call, ok := v.(*ssa.Call)
		if !ok {
			return v
		}
		fn := crapi.Callee(call.Common())
		recv := crapi.Receiver(call.Common())
		if fn == nil || recv == nil || fn.Signature().Recv() == nil || crapi.Named(fn.Signature().Recv().Type()) != t ||
			fn.Signature().Results().Len() != 1 || crapi.Named(fn.Signature().Results().At(0).Type()) != t {
			return v
		}
		v = recv
	}
	return v
}

// renamed reports whether fn calls WithName, WithGenerateName or
// WithNamespace on the apply configuration started at root: it then names
// another object than its constructor's arguments.
func renamed(fn *ssa.Function, root ssa.Value, t *types.Named) bool {
	for call := range ssaflow.PlainCalls(fn) {
		callee := crapi.Callee(call.Common())
		if callee == nil {
			continue
		}
		switch callee.Name() {
		case "WithName", "WithGenerateName", "WithNamespace":
		default:
			continue
		}
		if recv := crapi.Receiver(call.Common()); recv != nil && chainRoot(recv, t) == root {
			return true
		}
	}
	return false
}

// variadicElems returns the values of the implicit slice of a variadic
// call; nil for a slice passed with "...".
func variadicElems(v ssa.Value) []ssa.Value {
	elems, _ := ssaflow.VariadicElems(v)
	return elems
}

// uidSources returns the arguments of the WithUID calls that build the
// owner reference ref: along its builder chain, and on the value the chain
// starts from (ref := metav1ac.OwnerReference(); ref.WithUID(...)).
func (c *checker) uidSources(fn *ssa.Function, ref ssa.Value) []ssa.Value {
	t := crapi.Named(ref.Type())
	if t == nil || !crapi.IsNamed(t, metaV1ACPkg, "OwnerReferenceApplyConfiguration") {
		return nil
	}
	root := chainRoot(ref, t)
	var out []ssa.Value
	for call := range ssaflow.PlainCalls(fn) {
		callee := crapi.Callee(call.Common())
		if callee == nil || callee.Name() != "WithUID" {
			continue
		}
		recv := crapi.Receiver(call.Common())
		args := crapi.CallArgs(call.Common())
		if recv != nil && len(args) == 1 && crapi.Named(recv.Type()) == t && chainRoot(recv, t) == root {
			out = append(out, args[0])
		}
	}
	return out
}

// uidObject returns the object whose UID v is: obj.UID or obj.GetUID().
func uidObject(v ssa.Value) ssa.Value {
	v = ssaflow.StripConv(v)
	switch x := v.(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && isUIDField(fa.X.Type(), fa.Field) {
			return objectOf(fa.X)
		}
	case *ssa.Field:
		if isUIDField(x.X.Type(), x.Field) {
			return objectOf(x.X)
		}
	case *ssa.Call:
		fn := crapi.Callee(x.Common())
		if fn != nil && fn.Name() == "GetUID" && fn.Pkg() != nil && fn.Pkg().Path() == lifecycle.MetaV1Pkg {
			if recv := crapi.Receiver(x.Common()); recv != nil {
				return objectOf(recv)
			}
		}
	}
	return nil
}

func isUIDField(t types.Type, i int) bool {
	f := ssaflow.Field(t, i)
	return f != nil && f.Name() == "UID" && f.Pkg() != nil && f.Pkg().Path() == lifecycle.MetaV1Pkg
}

// objectOf walks up from an object's embedded ObjectMeta to the object.
func objectOf(v ssa.Value) ssa.Value {
	for i := 0; i < maxDepth; i++ {
		switch x := v.(type) {
		case *ssa.FieldAddr:
			if f := ssaflow.Field(x.X.Type(), x.Field); f != nil && f.Embedded() {
				v = x.X
				continue
			}
		case *ssa.Field:
			if f := ssaflow.Field(x.X.Type(), x.Field); f != nil && f.Embedded() {
				v = x.X
				continue
			}
		}
		return v
	}
	return v
}

// appliesTo reports whether the apply configuration built by root is that
// of obj: extracted from obj (corev1ac.ExtractConfigMap(cm, owner)), or
// built by the constructor of obj's kind from obj's name and namespace.
func (c *checker) appliesTo(root *ssa.Call, acType *types.Named, obj ssa.Value) bool {
	fn := crapi.Callee(root.Common())
	if fn == nil || fn.Signature().Recv() != nil || fn.Pkg() == nil {
		return false
	}
	res := fn.Signature().Results()
	if res.Len() == 0 || crapi.Named(res.At(0).Type()) != acType {
		return false
	}
	args := root.Call.Args
	kind := strings.TrimSuffix(acType.Obj().Name(), applySuffix)
	if strings.HasPrefix(fn.Name(), "Extract") && len(args) > 0 {
		return c.identical(args[0], obj, false)
	}
	if fn.Name() != kind || len(args) == 0 || len(args) > 2 || !ofKind(obj, kind, fn.Pkg().Path()) {
		return false
	}
	d := c.objs.Source(obj)
	if c.objs.Source(args[0]) != d+".Name" {
		return false
	}
	return len(args) == 1 || c.objs.Source(args[1]) == d+".Namespace"
}

// ofKind reports whether obj's type is the API type of kind whose apply
// configurations live in acPkg: its name is kind and its package has the
// same version (k8s.io/api/core/v1 for .../applyconfigurations/core/v1).
func ofKind(obj ssa.Value, kind, acPkg string) bool {
	t := ssaflow.Outer(obj).Type()
	if types.IsInterface(t) {
		return false
	}
	n := crapi.Named(t)
	if n == nil || n.Obj().Pkg() == nil || n.Obj().Name() != kind {
		return false
	}
	return path.Base(n.Obj().Pkg().Path()) == path.Base(acPkg)
}
