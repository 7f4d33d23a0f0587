package knowledge

import (
	"go/types"
	"strings"
)

// Effect is what a library function does to one operand.
type Effect uint8

const (
	// Reads leaves the operand as it is (logging, events, comparisons,
	// getters, deep copies).
	Reads Effect = iota + 1
	// Changes changes the operand: the part of the object it is given,
	// or, given the whole object or its metadata, the ObjectMeta field
	// Field.
	Changes
	// Refetches reads the object from the server and writes it back
	// (controllerutil.CreateOrUpdate): what happened to it before does not
	// reach what follows.
	Refetches
	// Overwrites replaces the operand as a whole (DeepCopyInto's
	// argument).
	Overwrites
	// Writes sends the operand to the server and decodes the answer into
	// it, as a client's Patch does (a library's patch helper: see
	// Patchers).
	Writes
)

// Kind says which functions of a package a row is about.
type Kind uint8

const (
	// Func rows match package-level functions.
	Func Kind = iota
	// Method rows match methods (of any type of the package).
	Method
	// Any rows match both.
	Any
)

// Operands a row applies to, besides argument indexes (0 is the first
// argument after the receiver).
const (
	Receiver    = -1
	AllOperands = -2
)

// Row is one fact about library functions.
type Row struct {
	// Pkg is the import path; "k8s.io/..." matches every package under
	// k8s.io; "" matches any package.
	Pkg string
	// Name is the function's name; "Get*" matches the names with that
	// prefix, "*" any name.
	Name    string
	Kind    Kind
	Operand int
	Effect  Effect
	// Field names the ObjectMeta field a Changes row changes when given
	// the whole object.
	Field string
}

// readOnlyPackages are the packages every function and method of which
// only reads the objects it is given: they log, format, record events
// about, or compare them.
var readOnlyPackages = []string{
	"context",
	"errors",
	"fmt",
	"log",
	"log/slog",
	"strconv",
	"strings",
	"github.com/go-logr/logr",
	"github.com/google/go-cmp/cmp",
	"github.com/pkg/errors",
	"go.uber.org/zap",
	"k8s.io/apimachinery/pkg/api/equality",
	"k8s.io/client-go/tools/events",          // EventRecorder.Eventf reads regarding/related
	"k8s.io/client-go/tools/internal/events", // events.EventRecorder is an alias of its interface
	"k8s.io/client-go/tools/record",          // EventRecorder.Event* reads the object
	"k8s.io/klog",
	"k8s.io/klog/v2",
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil",
}

const (
	controllerutil = "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	client         = "sigs.k8s.io/controller-runtime/pkg/client"
	meta           = "k8s.io/apimachinery/pkg/api/meta"
	metav1         = "k8s.io/apimachinery/pkg/apis/meta/v1"
	unstructured   = "k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// rows is the table. The first row that matches a function and operand
// decides, so specific rows come before the general ones.
var rows = func() []Row {
	r := []Row{
		// controller-runtime.
		{controllerutil, "AddFinalizer", Func, 0, Changes, "Finalizers"},
		{controllerutil, "RemoveFinalizer", Func, 0, Changes, "Finalizers"},
		// cluster-api's finalizers.EnsureFinalizer (see FinalizerHelpers).
		{capiFinalizers, "EnsureFinalizer", Func, 2, Changes, "Finalizers"},
		{capiFinalizers, "EnsureFinalizer", Func, AllOperands, Reads, ""},
		{controllerutil, "SetControllerReference", Func, 1, Changes, "OwnerReferences"},
		{controllerutil, "SetOwnerReference", Func, 1, Changes, "OwnerReferences"},
		{controllerutil, "RemoveOwnerReference", Func, 1, Changes, "OwnerReferences"},
		{controllerutil, "RemoveControllerReference", Func, 1, Changes, "OwnerReferences"},
		{controllerutil, "SetControllerReference", Func, AllOperands, Reads, ""},
		{controllerutil, "SetOwnerReference", Func, AllOperands, Reads, ""},
		{controllerutil, "RemoveOwnerReference", Func, AllOperands, Reads, ""},
		{controllerutil, "RemoveControllerReference", Func, AllOperands, Reads, ""},
		{controllerutil, "CreateOrUpdate", Func, 2, Refetches, ""},
		{controllerutil, "CreateOrPatch", Func, 2, Refetches, ""},
		{controllerutil, "ContainsFinalizer", Func, AllOperands, Reads, ""},
		{controllerutil, "HasControllerReference", Func, AllOperands, Reads, ""},
		{controllerutil, "HasOwnerReference", Func, AllOperands, Reads, ""},
		{client, "ObjectKeyFromObject", Func, AllOperands, Reads, ""},
		{client, "MergeFrom", Func, AllOperands, Reads, ""},
		{client, "MergeFromWithOptions", Func, AllOperands, Reads, ""},
		{client, "StrategicMergeFrom", Func, AllOperands, Reads, ""},

		// apimachinery.
		{meta, "SetStatusCondition", Func, 0, Changes, ""},
		{meta, "RemoveStatusCondition", Func, 0, Changes, ""},
		{meta, "FindStatusCondition", Func, AllOperands, Reads, ""},
		{meta, "IsStatusCondition*", Func, AllOperands, Reads, ""},
		{meta, "Accessor", Func, AllOperands, Reads, ""}, // returns the object itself: followed as such
		{metav1, "SetMetaDataAnnotation", Func, 0, Changes, "Annotations"},
		{metav1, "SetMetaDataLabel", Func, 0, Changes, "Labels"},
		{unstructured, "Set*", Method, Receiver, Changes, "metadata"},
		{unstructured, "SetNested*", Func, 0, Changes, ""},
		{unstructured, "RemoveNestedField", Func, 0, Changes, ""},
		{"k8s.io/apimachinery/pkg/runtime", "ObjectKinds", Method, AllOperands, Reads, ""},
		{"k8s.io/apimachinery/pkg/runtime", "Recognizes", Method, AllOperands, Reads, ""},
		{"k8s.io/apimachinery/pkg/runtime", "IsVersionRegistered", Method, AllOperands, Reads, ""},
		{"k8s.io/apimachinery/pkg/runtime", "ToUnstructured", Method, AllOperands, Reads, ""}, // a copy of the content

		// The standard library and encoders.
		{"reflect", "DeepEqual", Func, AllOperands, Reads, ""},
		{"reflect", "TypeOf", Func, AllOperands, Reads, ""},
		{"encoding/json", "Marshal*", Func, AllOperands, Reads, ""},
		{"sigs.k8s.io/yaml", "Marshal*", Func, AllOperands, Reads, ""},
		{"maps", "Copy", Func, 0, Changes, ""},
		{"maps", "DeleteFunc", Func, 0, Changes, ""},
	}
	r = append(r, patcherRows()...)
	for _, name := range []string{"Equal", "EqualFunc", "Keys", "Values", "Clone"} {
		r = append(r, Row{"maps", name, Func, AllOperands, Reads, ""})
	}
	for _, name := range []string{"Contains*", "Index*", "Equal*", "Compare*", "Max*", "Min*", "BinarySearch*", "IsSorted*", "Clone"} {
		r = append(r, Row{"slices", name, Func, AllOperands, Reads, ""})
	}
	// ObjectMeta's setters, promoted to every object.
	for _, f := range []string{"Labels", "Annotations", "Finalizers", "OwnerReferences", "ManagedFields",
		"Name", "Namespace", "GenerateName", "UID", "ResourceVersion", "Generation", "SelfLink",
		"CreationTimestamp", "DeletionTimestamp", "DeletionGracePeriodSeconds"} {
		r = append(r, Row{metav1, "Set" + f, Method, Receiver, Changes, f})
	}
	r = append(r,
		Row{metav1, "Set*", Method, Receiver, Changes, "metadata"}, // ListMeta's, TypeMeta's
		Row{metav1, "*", Any, AllOperands, Reads, ""},              // getters, IsControlledBy, GetControllerOf...
	) // getters, IsControlledBy, GetControllerOf...
	for _, p := range readOnlyPackages {
		r = append(r, Row{p, "*", Any, AllOperands, Reads, ""})
	}
	// Methods every object has (generated or from the API machinery).
	for _, name := range []string{"DeepCopy", "DeepCopyObject", "GetObjectKind", "String", "DeepEqual", "DeepDerivative", "Equal"} {
		r = append(r, Row{"", name, Method, AllOperands, Reads, ""})
	}
	r = append(r,
		Row{"", "DeepCopyInto", Method, Receiver, Reads, ""},
		Row{"", "DeepCopyInto", Method, 0, Overwrites, ""},
	)
	// Getters and tests of library types.
	for _, lib := range []string{"k8s.io/...", "sigs.k8s.io/..."} {
		for _, prefix := range []string{"Get*", "Is*", "Has*", "Len"} {
			r = append(r, Row{lib, prefix, Method, Receiver, Reads, ""})
		}
	}
	return r
}()

// reportsChange are the mutators whose bool result tells whether they
// changed anything: on the branch where it is false, the object is as it
// was.
var reportsChange = map[[2]string]bool{
	{controllerutil, "AddFinalizer"}:    true,
	{controllerutil, "RemoveFinalizer"}: true,
	{meta, "SetStatusCondition"}:        true,
	{meta, "RemoveStatusCondition"}:     true,
}

// ReportsChange reports whether fn, a package-level function, returns
// whether it changed its operand.
func ReportsChange(fn *types.Func) bool {
	return fn != nil && fn.Pkg() != nil && fn.Signature().Recv() == nil &&
		reportsChange[[2]string{fn.Pkg().Path(), fn.Name()}]
}

// Rows returns a copy of the table, for documentation and tests.
func Rows() []Row { return append([]Row(nil), rows...) }

// Lookup returns the row that says what fn, a function or method of a
// library, does to its operand (Receiver, or an argument index), if the
// table knows.
func Lookup(fn *types.Func, operand int) (Row, bool) {
	if fn == nil || fn.Pkg() == nil {
		return Row{}, false
	}
	for _, r := range rows {
		if (r.Operand == AllOperands || r.Operand == operand) && r.matches(fn) {
			return r, true
		}
	}
	return Row{}, false
}

// ReadsOnly reports whether fn is known to leave every object it is given
// (arguments and receiver) as it is.
func ReadsOnly(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	for _, r := range rows {
		if !r.matches(fn) {
			continue
		}
		if r.Effect != Reads {
			return false // it changes one of them
		}
		if r.Operand == AllOperands {
			return true
		}
	}
	return false
}

func (r *Row) matches(fn *types.Func) bool {
	isMethod := fn.Signature().Recv() != nil
	if (r.Kind == Func && isMethod) || (r.Kind == Method && !isMethod) {
		return false
	}
	return match(r.Pkg, fn.Pkg().Path(), "/...") && match(r.Name, fn.Name(), "*")
}

// match matches s against a pattern: "" matches anything, a pattern ending
// in wildcard matches by prefix.
func match(pattern, s, wildcard string) bool {
	if pattern == "" {
		return true
	}
	if prefix, ok := strings.CutSuffix(pattern, wildcard); ok {
		if wildcard == "/..." {
			return s == prefix || strings.HasPrefix(s, prefix+"/")
		}
		return strings.HasPrefix(s, prefix)
	}
	return pattern == s
}

// knownLibraries are the modules (path prefixes, at a path element
// boundary) known to do to the objects they are given no more than their
// rows say: they set no owner references and change no finalizers behind
// the caller's back. A call into any other module but the user's, given
// an object, may do anything to it.
var knownLibraries = []string{
	"k8s.io",
	"sigs.k8s.io/controller-runtime",
	"sigs.k8s.io/yaml",
	"sigs.k8s.io/json",
	"sigs.k8s.io/structured-merge-diff",
	"github.com/go-logr",
	"go.uber.org/zap",
	"github.com/sirupsen/logrus",
	"github.com/pkg/errors",
	"github.com/onsi/ginkgo",
	"github.com/onsi/gomega",
	"github.com/google/go-cmp",
	"github.com/prometheus",
}

// KnownLibrary reports whether the package path is of the standard
// library or of a module of knownLibraries.
func KnownLibrary(path string) bool {
	if StandardLibrary(path) {
		return true
	}
	for _, p := range knownLibraries {
		if path == p || strings.HasPrefix(path, p+"/") {
			return true
		}
	}
	return false
}

// KubernetesLibrary reports whether path is a package of controller-runtime
// or of a k8s.io module (client-go, apimachinery, api).
func KubernetesLibrary(path string) bool {
	return strings.HasPrefix(path, "sigs.k8s.io/controller-runtime") || strings.HasPrefix(path, "k8s.io/")
}

// StandardLibrary reports whether path is a package of the standard
// library: no dot in its first element.
func StandardLibrary(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// schemeAggregators are the AddToScheme functions of dependency modules
// that add many API groups at once, by the path prefixes of the packages
// whose types they register. client-go's kubernetes/scheme adds every
// group of k8s.io/api but admission, apidiscovery and imagepolicy (its
// register.go).
var schemeAggregators = map[string]struct{ groups, except []string }{
	"k8s.io/client-go/kubernetes/scheme": {
		groups: []string{"k8s.io/api/"},
		except: []string{"k8s.io/api/admission/", "k8s.io/api/apidiscovery/", "k8s.io/api/imagepolicy/"},
	},
}

// SchemeAggregator reports whether pkg's AddToScheme adds several API
// groups, and returns whether it adds the types of package path.
func SchemeAggregator(pkg string) (adds func(path string) bool, ok bool) {
	a, ok := schemeAggregators[pkg]
	if !ok {
		return nil, false
	}
	return func(path string) bool {
		in := false
		for _, g := range a.groups {
			in = in || strings.HasPrefix(path, g)
		}
		for _, e := range a.except {
			in = in && !strings.HasPrefix(path, e)
		}
		return in
	}, true
}
