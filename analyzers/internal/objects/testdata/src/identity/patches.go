package identity

import (
	"encoding/json"
	"fmt"

	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/probe"
)

const storageKey = "example.com/storage"

// The text of a raw patch, when the code says it: a constant, a
// concatenation, fmt.Sprintf of constants (ydb-kubernetes-operator's);
// not a patch built at run time, nor another kind of patch.
func RawPatches(name string, obj client.Object) {
	probe.Patch(client.RawPatch(types.MergePatchType, []byte(`{"spec":{"replicas":1}}`)))                                           // want `patch \{"spec":\{"replicas":1\}\}`
	probe.Patch(client.RawPatch(types.MergePatchType, []byte(`{"metadata":`+`{"labels":null}}`)))                                   // want `patch \{"metadata":\{"labels":null\}\}`
	probe.Patch(client.RawPatch(types.MergePatchType, []byte(fmt.Sprintf(`{"metadata":{"annotations":{"%s":null}}}`, storageKey)))) // want `patch \{"metadata":\{"annotations":\{"example.com/storage":null\}\}\}`
	probe.Patch(client.RawPatch(types.MergePatchType, []byte(fmt.Sprintf(`{"metadata":{"name":%q}}`, name))))                       // want `patch unknown`
	probe.Patch(client.MergeFrom(obj))                                                                                              // want `patch unknown`
}

// A merge patch of a whole object: client.Merge, or a raw merge patch of
// an object's JSON encoding (the value encoded is named by its type); not
// the encoding sent as another patch type.
func WholePatches(obj client.Object) {
	probe.Patch(client.Merge) // want `patch whole`
	data, _ := json.Marshal(obj)
	probe.Patch(client.RawPatch(types.MergePatchType, data))          // want `patch whole sigs.k8s.io/controller-runtime/pkg/client.Object`
	probe.Patch(client.RawPatch(types.StrategicMergePatchType, data)) // want `patch unknown`
	probe.Patch(client.Apply)                                         // want `patch unknown`
}
