package knowledge

import "go/types"

// This file says how code builds a JSON merge patch of a whole object by
// hand: client.RawPatch(types.MergePatchType, data) with data the JSON
// encoding of the object. Such a patch sends every field the encoding
// writes, resourceVersion included, like controller-runtime's client.Merge
// (whose Data is json.Marshal of the object, pkg/client/patch.go).

// MergePatchTypePkg, MergePatchTypeName and MergePatchType are
// apimachinery's patch type constant of a JSON merge patch and its value.
const (
	MergePatchTypePkg  = "k8s.io/apimachinery/pkg/types"
	MergePatchTypeName = "MergePatchType"
	MergePatchType     = "application/merge-patch+json"
)

// JSONMarshaler is a function that returns the JSON encoding of its only
// argument, as bytes and an error.
type JSONMarshaler struct{ Pkg, Name string }

var jsonMarshalers = []JSONMarshaler{
	{"encoding/json", "Marshal"},
	// apimachinery's, which controller-runtime's client.Merge calls: it
	// hands the value to encoding/json.
	{"k8s.io/apimachinery/pkg/util/json", "Marshal"},
}

// JSONMarshalers returns a copy of the table.
func JSONMarshalers() []JSONMarshaler { return append([]JSONMarshaler(nil), jsonMarshalers...) }

// IsJSONMarshal reports whether fn is one of JSONMarshalers.
func IsJSONMarshal(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return false
	}
	for _, m := range jsonMarshalers {
		if fn.Pkg().Path() == m.Pkg && fn.Name() == m.Name {
			return true
		}
	}
	return false
}
