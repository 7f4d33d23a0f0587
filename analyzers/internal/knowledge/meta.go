package knowledge

import "go/types"

// MetaMap names one of the two maps of an object's metadata that users
// edit to steer a controller.
type MetaMap uint8

const (
	// Labels is metadata.labels.
	Labels MetaMap = iota + 1
	// Annotations is metadata.annotations.
	Annotations
)

func (m MetaMap) String() string {
	switch m {
	case Labels:
		return "label"
	case Annotations:
		return "annotation"
	}
	return "metadata"
}

// MetaOp is what a function does with an object's labels or annotations.
type MetaOp uint8

const (
	// MetaGet returns the map (obj.GetLabels()).
	MetaGet MetaOp = iota + 1
	// MetaHas reports whether the map holds a key (metav1.HasLabel).
	MetaHas
	// MetaSet replaces the map (obj.SetAnnotations(m)).
	MetaSet
	// MetaSetKey sets one key (metav1.SetMetaDataAnnotation).
	MetaSetKey
)

// Receiver as MetaRow.Obj: the object is the method's receiver.
const metaReceiver = -1

// MetaRow is a function (Recv "") or method that reads or writes the
// labels or annotations of the object in operand Obj (-1: the receiver;
// an ObjectMeta, a pointer to one, or a metav1.Object), with the key in
// argument Key (-1: none).
type MetaRow struct {
	Pkg, Recv, Name string
	Map             MetaMap
	Op              MetaOp
	Obj, Key        int
}

var metaRows = func() []MetaRow {
	var r []MetaRow
	// ObjectMeta's accessors, promoted to every object, and the
	// metav1.Object interface's (client.Object embeds it).
	for _, recv := range []string{"ObjectMeta", "Object"} {
		r = append(r,
			MetaRow{metav1, recv, "GetLabels", Labels, MetaGet, metaReceiver, -1},
			MetaRow{metav1, recv, "GetAnnotations", Annotations, MetaGet, metaReceiver, -1},
			MetaRow{metav1, recv, "SetLabels", Labels, MetaSet, metaReceiver, -1},
			MetaRow{metav1, recv, "SetAnnotations", Annotations, MetaSet, metaReceiver, -1},
		)
	}
	return append(r,
		MetaRow{metav1, "", "HasLabel", Labels, MetaHas, 0, 1},
		MetaRow{metav1, "", "HasAnnotation", Annotations, MetaHas, 0, 1},
		MetaRow{metav1, "", "SetMetaDataLabel", Labels, MetaSetKey, 0, 1},
		MetaRow{metav1, "", "SetMetaDataAnnotation", Annotations, MetaSetKey, 0, 1},
	)
}()

// MetaRows returns the table, for tests.
func MetaRows() []MetaRow { return append([]MetaRow(nil), metaRows...) }

// MetaOf returns the row of fn, ok false when fn is not in the table.
func MetaOf(fn *types.Func) (MetaRow, bool) {
	return lookupMember(metaRows, fn, func(r MetaRow) (string, string, string) { return r.Pkg, r.Recv, r.Name })
}

// MetaField returns which map field i of struct type t is: the Labels or
// Annotations field of metav1.ObjectMeta; 0 otherwise.
func MetaField(t types.Type, i int) MetaMap {
	n := namedOf(t)
	if n == nil || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != metav1 || n.Obj().Name() != "ObjectMeta" {
		return 0
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok || i < 0 || i >= st.NumFields() {
		return 0
	}
	switch st.Field(i).Name() {
	case "Labels":
		return Labels
	case "Annotations":
		return Annotations
	}
	return 0
}
