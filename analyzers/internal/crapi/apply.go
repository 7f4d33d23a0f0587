package crapi

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// IsApplyPatch reports whether v is client.Apply: a Patch with it is a
// server-side apply.
func IsApplyPatch(v ssa.Value) bool { return isClientPatchVar(v, "Apply") }

// IsMergePatch reports whether v is client.Merge: a Patch with it sends
// the whole object, as JSON, as a merge patch.
func IsMergePatch(v ssa.Value) bool { return isClientPatchVar(v, "Merge") }

// isClientPatchVar reports whether v is the value of the client package's
// Patch variable name.
func isClientPatchVar(v ssa.Value, name string) bool {
	x, ok := patchValue(v).(*ssa.UnOp)
	if !ok || x.Op != token.MUL {
		return false
	}
	g, ok := x.X.(*ssa.Global)
	return ok && g.Object() != nil && g.Object().Pkg() != nil &&
		g.Object().Pkg().Path() == ClientPkg && g.Object().Name() == name
}

// ServerSideApply returns what a client call applies server-side: the
// object of Patch(ctx, obj, client.Apply, ...), or the apply configuration
// of Apply(ctx, ac, ...); ok is false for any other call.
func ServerSideApply(cc *ssa.CallCommon) (ssa.Value, bool) {
	c, args, ok := ClientCallSSA(cc)
	if !ok || c.SubResource || len(args) < 2 {
		return nil, false
	}
	switch c.Method {
	case Apply:
		return args[1], true
	case Patch:
		if len(args) >= 3 && IsApplyPatch(args[2]) {
			return args[1], true
		}
	}
	return nil, false
}

// IsRawPatch reports whether v is made by client.RawPatch(type, data):
// the patch sends its data, whatever the object passed with it holds.
func IsRawPatch(v ssa.Value) bool {
	call, ok := patchValue(v).(*ssa.Call)
	return ok && IsFunc(Callee(call.Common()), ClientPkg, "RawPatch")
}

// patchValue is v through its conversions to the client.Patch interface.
func patchValue(v ssa.Value) ssa.Value {
	for {
		switch c := v.(type) {
		case *ssa.MakeInterface:
			v = c.X
		case *ssa.ChangeInterface:
			v = c.X
		default:
			return v
		}
	}
}
