package ownsnoowner

import (
	"fmt"
	"sort"
	"strings"
)

// HelperFact is the fact that a function of the user's module, or the
// helpers it calls, sets owner references on objects or creates objects.
// Parameter indexes exclude the receiver.
type HelperFact struct {
	// OwnerParams are the parameters that may get an owner reference
	// (objects of interface type, or their ObjectMeta): the caller's
	// argument tells the object's type.
	OwnerParams []OwnerParam
	// WeakParams are the parameters handed to a library of another
	// module, which might set owner references on them: an argument of
	// known object type counts as given a controller reference, one of
	// unknown type says nothing.
	WeakParams []int
	// CreateParams are the parameters that may be created (client Create,
	// CreateOrUpdate, server-side apply).
	CreateParams []int
	// OwnerTypes are the object types given owner references.
	OwnerTypes []OwnerType
	// CreateTypes are the keys of the object types created.
	CreateTypes []string
	// Unknown is true when an owner reference is set on an object whose
	// type is not known: it may be of any type.
	Unknown bool
	// MetaResult is true when a result is an ObjectMeta carrying owner
	// references: the object whose metadata it becomes gets them.
	MetaResult bool
}

// OwnerParam is a parameter that may get an owner reference; Controller
// is false when it can only be a non-controller one (SetOwnerReference).
type OwnerParam struct {
	Param      int
	Controller bool
}

// OwnerType is an object type that gets owner references; Controller as
// in OwnerParam.
type OwnerType struct {
	Key        string
	Controller bool
}

// PackageFact summarises a package of the user's module: what every
// function of it (and the helpers they call) creates and gives owner
// references to. It lets a builder chain in one package judge a
// reconciler declared in another.
type PackageFact struct {
	OwnerTypes  []OwnerType
	CreateTypes []string
	Unknown     bool
}

// AFact marks HelperFact as an analysis fact.
func (*HelperFact) AFact() {}

// AFact marks PackageFact as an analysis fact.
func (*PackageFact) AFact() {}

func (f *HelperFact) String() string {
	var parts []string
	for _, p := range f.OwnerParams {
		parts = append(parts, fmt.Sprintf("owner(%d,%v)", p.Param, p.Controller))
	}
	for _, p := range f.WeakParams {
		parts = append(parts, fmt.Sprintf("weak(%d)", p))
	}
	for _, p := range f.CreateParams {
		parts = append(parts, fmt.Sprintf("create(%d)", p))
	}
	for _, t := range f.OwnerTypes {
		parts = append(parts, fmt.Sprintf("owner(%s,%v)", t.Key, t.Controller))
	}
	for _, k := range f.CreateTypes {
		parts = append(parts, "create("+k+")")
	}
	if f.Unknown {
		parts = append(parts, "unknown")
	}
	if f.MetaResult {
		parts = append(parts, "metaResult")
	}
	return "ownsnoowner(" + strings.Join(parts, " ") + ")"
}

func (f *PackageFact) String() string {
	h := HelperFact{OwnerTypes: f.OwnerTypes, CreateTypes: f.CreateTypes, Unknown: f.Unknown}
	return strings.Replace(h.String(), "ownsnoowner(", "ownsnoownerPkg(", 1)
}

// summary is the mutable form of the facts while a package is analysed.
type summary struct {
	ownerParams  map[int]bool // param -> may be a controller reference
	weakParams   map[int]bool
	createParams map[int]bool
	ownerTypes   map[string]bool
	createTypes  map[string]bool
	unknown      bool
	metaResult   bool
}

func newSummary() *summary {
	return &summary{
		ownerParams:  map[int]bool{},
		weakParams:   map[int]bool{},
		createParams: map[int]bool{},
		ownerTypes:   map[string]bool{},
		createTypes:  map[string]bool{},
	}
}

// setBool merges ctl into m[k] (true wins) and reports a change.
func setBool[K comparable](m map[K]bool, k K, ctl bool) bool {
	old, ok := m[k]
	if ok && (old || !ctl) {
		return false
	}
	m[k] = ctl
	return true
}

func (s *summary) empty() bool {
	return len(s.ownerParams) == 0 && len(s.weakParams) == 0 && len(s.createParams) == 0 && len(s.ownerTypes) == 0 &&
		len(s.createTypes) == 0 && !s.unknown && !s.metaResult
}

func (s *summary) fact() *HelperFact {
	f := &HelperFact{Unknown: s.unknown, MetaResult: s.metaResult}
	for p, ctl := range s.ownerParams {
		f.OwnerParams = append(f.OwnerParams, OwnerParam{Param: p, Controller: ctl})
	}
	sort.Slice(f.OwnerParams, func(i, j int) bool { return f.OwnerParams[i].Param < f.OwnerParams[j].Param })
	f.WeakParams = sortedInts(s.weakParams)
	f.CreateParams = sortedInts(s.createParams)
	f.OwnerTypes = ownerTypes(s.ownerTypes)
	f.CreateTypes = sortedKeys(s.createTypes)
	return f
}

func ownerTypes(m map[string]bool) []OwnerType {
	var out []OwnerType
	for _, k := range sortedKeys(m) {
		out = append(out, OwnerType{Key: k, Controller: m[k]})
	}
	return out
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func sortedInts(m map[int]bool) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}
