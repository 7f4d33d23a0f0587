package objects

import (
	"encoding/json"
	"fmt"
	"go/constant"
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// RawPatchData returns the text of patch, the patch argument of a client
// Patch, when it is client.RawPatch(type, data) and data is known at
// analysis time: a constant, a concatenation of constants, or fmt.Sprintf
// of a constant format with constant arguments
// (ydb-kubernetes-operator's
// fmt.Sprintf(`{"metadata": {"annotations": {"%s": null}}}`, key)). Beside
// MergeBase, it says what a patch writes; ok is false for any other patch,
// whose content only the running program knows.
func RawPatchData(patch ssa.Value) (string, bool) {
	call, ok := crapi.IsCallTo(ssaflow.Strip(patch), crapi.ClientPkg, "RawPatch")
	if !ok || len(call.Call.Args) != 2 {
		return "", false
	}
	return constText(call.Call.Args[1], 0)
}

// constText evaluates v, a string or a byte slice, when it is a constant,
// a conversion, a concatenation or an fmt.Sprintf of such values.
func constText(v ssa.Value, depth int) (string, bool) {
	if depth > 8 {
		return "", false
	}
	switch x := v.(type) {
	case *ssa.Const:
		if x.Value == nil || x.Value.Kind() != constant.String {
			return "", false
		}
		return constant.StringVal(x.Value), true
	case *ssa.Convert:
		return constText(x.X, depth+1)
	case *ssa.BinOp:
		if x.Op != token.ADD {
			return "", false
		}
		a, ok := constText(x.X, depth+1)
		if !ok {
			return "", false
		}
		b, ok := constText(x.Y, depth+1)
		return a + b, ok
	case *ssa.Call:
		if !crapi.IsFuncIn(crapi.Callee(x.Common()), "fmt", "Sprintf") || len(x.Call.Args) != 2 {
			return "", false
		}
		format, ok := constText(x.Call.Args[0], depth+1)
		if !ok {
			return "", false
		}
		elems, ok := ssaflow.VariadicElems(x.Call.Args[1])
		if !ok {
			return "", false
		}
		args := make([]any, len(elems))
		for i, e := range elems {
			if mi, isIface := e.(*ssa.MakeInterface); isIface {
				e = mi.X
			}
			c, isConst := e.(*ssa.Const)
			if !isConst || c.Value == nil {
				return "", false
			}
			switch c.Value.Kind() {
			case constant.String:
				args[i] = constant.StringVal(c.Value)
			case constant.Int:
				n, exact := constant.Int64Val(c.Value)
				if !exact {
					return "", false
				}
				args[i] = n
			case constant.Bool:
				args[i] = constant.BoolVal(c.Value)
			default:
				return "", false
			}
		}
		return fmt.Sprintf(format, args...), true
	}
	return "", false
}

// PatchPart is a part of an object a patch text writes: a top-level field
// or an ObjectMeta field written whole, by its JSON name ("spec",
// "finalizers", "metadata" for all of ObjectMeta), or one label or
// annotation (Map and Key). An empty Field with no Map is a part the text
// does not name (an empty key): the whole object, as far as is known.
type PatchPart struct {
	Field string
	Map   knowledge.MetaMap
	Key   string
}

// PatchParts returns what the text of a patch (RawPatchData) writes: the
// keys of a merge patch, with the labels and annotations under metadata
// one by one, or the paths of a JSON patch's operations. all is true for
// a path of the whole object ("" or "/"); ok is false when the text is
// neither kind of patch.
func PatchParts(text string) (parts []PatchPart, all, ok bool) {
	var doc any
	if err := json.Unmarshal([]byte(text), &doc); err != nil {
		return nil, false, false
	}
	switch d := doc.(type) {
	case map[string]any:
		for k, v := range d {
			meta, isMap := v.(map[string]any)
			if k != "metadata" || !isMap {
				parts = append(parts, PatchPart{Field: k})
				continue
			}
			for mk, mv := range meta {
				m := MetaMapOf(mk)
				entries, isMap := mv.(map[string]any)
				if m == 0 || !isMap {
					parts = append(parts, PatchPart{Field: mk})
					continue
				}
				for key := range entries {
					parts = append(parts, PatchPart{Map: m, Key: key})
				}
			}
		}
		return parts, false, true
	case []any:
		for _, op := range d {
			o, isMap := op.(map[string]any)
			if !isMap {
				return nil, false, false
			}
			ptr, isStr := o[jsonPatchPath].(string)
			if !isStr {
				return nil, false, false
			}
			if ptr == "" || ptr == "/" {
				all = true
				continue
			}
			parts = append(parts, pointerPart(ptr))
		}
		return parts, all, true
	}
	return nil, false, false
}

// jsonPatchPath is the member of a JSON patch operation (RFC 6902) that
// names what it changes.
const jsonPatchPath = "path"

// pointerPart returns the part of an object a JSON pointer names
// ("/metadata/annotations/example.com~1key"), unescaped as RFC 6901 says.
func pointerPart(ptr string) PatchPart {
	var p []string
	for _, s := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		p = append(p, strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~"))
	}
	switch {
	case p[0] != "metadata":
		return PatchPart{Field: p[0]}
	case len(p) == 1:
		return PatchPart{Field: "metadata"}
	case MetaMapOf(p[1]) != 0 && len(p) >= 3:
		return PatchPart{Map: MetaMapOf(p[1]), Key: p[2]}
	}
	return PatchPart{Field: p[1]}
}

// MetaMapOf returns the label or annotation map an ObjectMeta field names
// (any case), 0 for another field.
func MetaMapOf(field string) knowledge.MetaMap {
	switch strings.ToLower(field) {
	case "labels":
		return knowledge.Labels
	case "annotations":
		return knowledge.Annotations
	}
	return 0
}

// WholeMergePatch recognises patch, the patch argument of a client Patch,
// as a JSON merge patch of a whole object: client.Merge, whose data is the
// JSON encoding of the object patched (controller-runtime's
// pkg/client/patch.go: json.Marshal(obj)), or client.RawPatch of the merge
// patch type whose data is a JSON marshaler's encoding of a value
// (knowledge.JSONMarshalers). For client.Merge it returns ok with a nil
// marshalled and at: the object patched is the one sent, at the Patch.
// For a RawPatch it returns the value encoded and the marshaler's call.
func WholeMergePatch(patch ssa.Value) (marshalled ssa.Value, at *ssa.Call, ok bool) {
	if crapi.IsMergePatch(patch) {
		return nil, nil, true
	}
	call, ok := crapi.IsCallTo(ssaflow.Strip(patch), crapi.ClientPkg, "RawPatch")
	if !ok || len(call.Call.Args) != 2 {
		return nil, nil, false
	}
	typ, isConst := ssaflow.StripConv(call.Call.Args[0]).(*ssa.Const)
	if !isConst || typ.Value == nil || typ.Value.Kind() != constant.String || constant.StringVal(typ.Value) != knowledge.MergePatchType {
		return nil, nil, false
	}
	ex, isExtract := ssaflow.StripConv(call.Call.Args[1]).(*ssa.Extract)
	if !isExtract || ex.Index != 0 {
		return nil, nil, false
	}
	m, isCall := ex.Tuple.(*ssa.Call)
	if !isCall || !knowledge.IsJSONMarshal(crapi.Callee(m.Common())) || len(m.Call.Args) != 1 {
		return nil, nil, false
	}
	return ssaflow.Strip(m.Call.Args[0]), m, true
}
