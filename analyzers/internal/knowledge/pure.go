package knowledge

import "go/types"

// equalitiesPkg holds apimachinery's Equalities, of which
// equality.Semantic is one.
const equalitiesPkg = "k8s.io/apimachinery/third_party/forked/golang/reflect"

// DeepEqual reports whether fn compares what its two arguments point to:
// reflect.DeepEqual, or the DeepEqual of apimachinery's Equalities
// (equality.Semantic.DeepEqual).
func DeepEqual(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	recv := fn.Signature().Recv()
	switch fn.Pkg().Path() {
	case "reflect":
		return recv == nil && fn.Name() == "DeepEqual"
	case equalitiesPkg:
		return recv != nil && isNamed(recv.Type(), "Equalities") &&
			(fn.Name() == "DeepEqual" || fn.Name() == "DeepEqualWithNilDifferentFromEmpty")
	}
	return false
}

// isNamed reports whether t, or what it points to, is the named type name
// (of the package of the method t is the receiver of).
func isNamed(t types.Type, name string) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Name() == name
}

// PureRow is one function, method or family of a library that only
// computes, logs or records events: calling it changes nothing a
// controller's reconcile depends on.
type PureRow struct {
	// Pkg is the import path.
	Pkg string
	// Name is the function's name; "P*" matches the names with the prefix
	// P, "*" any name.
	Name string
	Kind Kind
}

const (
	logr     = "github.com/go-logr/logr"
	crLog    = "sigs.k8s.io/controller-runtime/pkg/log"
	klogV2   = "k8s.io/klog/v2"
	apiTypes = "k8s.io/apimachinery/pkg/types"
)

// pure is the table of library functions that only compute, log or record
// events, but for the event recorders' methods (EventGroup) and package
// time's functions (the check's own: they are what it measures).
var pure = func() []PureRow {
	r := []PureRow{
		{"fmt", "*", Any},
		{"strings", "*", Any},
		{"strconv", "*", Any},
		{"errors", "*", Any},
		{logr, "*", Any},
		{crLog, "FromContext", Any},
		{client, "ObjectKeyFromObject", Any},
		{apiTypes, "String", Any}, // NamespacedName's and UID's
		// metav1: times and the getters of object metadata.
		{metav1, "Now", Func},
		{metav1, "NewTime", Func},
		{metav1, "Unix", Func},
		{metav1, "Get*", Method},
	}
	for _, name := range []string{"Before", "Equal", "IsZero", "Rfc3339Copy", "String", "MarshalJSON", "ToUnstructured"} {
		r = append(r, PureRow{metav1, name, Method})
	}
	for _, prefix := range []string{"Info", "Warning", "Error", "V", "Enabled", "KObj", "KRef", "FromContext"} {
		r = append(r, PureRow{klogV2, prefix + "*", Any})
	}
	return r
}()

// PureRows returns the table, for tests.
func PureRows() []PureRow { return append([]PureRow(nil), pure...) }

// Pure reports whether fn, a function or method of a library, only
// computes, logs or records an event: a row of the table, or a method of
// an event recorder that records one (EventGroup).
func Pure(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	if _, ok := EventGroup(fn); ok {
		return true
	}
	isMethod := fn.Signature().Recv() != nil
	for _, r := range pure {
		if (r.Kind == Func && isMethod) || (r.Kind == Method && !isMethod) {
			continue
		}
		if r.Pkg == fn.Pkg().Path() && match(r.Name, fn.Name(), "*") {
			return true
		}
	}
	return false
}

// equalPkgs are the packages whose function Equal reports whether its
// first two arguments are equal.
var equalPkgs = map[string]bool{
	"bytes":                        true,
	"maps":                         true,
	"slices":                       true,
	"github.com/google/go-cmp/cmp": true,
}

// Equal reports whether fn reports whether its first two arguments are
// equal: a DeepEqual, or the Equal function of bytes, maps, slices or
// go-cmp (whose options only narrow what is compared).
func Equal(fn *types.Func) bool {
	if DeepEqual(fn) {
		return true
	}
	return fn != nil && fn.Pkg() != nil && fn.Name() == "Equal" && fn.Signature().Recv() == nil && equalPkgs[fn.Pkg().Path()]
}
