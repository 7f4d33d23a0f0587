package knowledge

import "go/types"

// SyncRole is what a function or method of the standard library (or
// controller-runtime) does for code that runs concurrently or later.
type SyncRole uint8

const (
	// RunsLater calls its function argument later, or once for many calls
	// (sync.OnceFunc and its kin, time.AfterFunc; controller-runtime's
	// handler and predicate constructors, whose functions run on events).
	RunsLater SyncRole = iota + 1
	// OnceDo calls its function argument on the first call of its
	// receiver only ((*sync.Once).Do).
	OnceDo
	// Locks takes a lock ((*sync.Mutex).Lock, RLock of a RWMutex, a
	// sync.Locker's Lock).
	Locks
	// MapStores keeps its value argument (the last) in its receiver,
	// a map that outlives the call ((*sync.Map).Store, LoadOrStore, Swap).
	MapStores
	// MapLoads reads an entry of its receiver, its second result telling
	// whether it was there ((*sync.Map).Load).
	MapLoads
)

// SyncRow is one function (Recv "") or method.
type SyncRow struct {
	Pkg, Recv, Name string
	Role            SyncRole
}

var syncRows = []SyncRow{
	{"sync", "", "OnceFunc", RunsLater},
	{"sync", "", "OnceValue", RunsLater},
	{"sync", "", "OnceValues", RunsLater},
	{"time", "", "AfterFunc", RunsLater},
	// The map function of an event handler, a predicate's filter: kept in
	// the value returned, run by the source on each event
	// (pkg/handler/enqueue_mapped.go, pkg/predicate/predicate.go).
	{"sigs.k8s.io/controller-runtime/pkg/handler", "", "EnqueueRequestsFromMapFunc", RunsLater},
	{"sigs.k8s.io/controller-runtime/pkg/handler", "", "TypedEnqueueRequestsFromMapFunc", RunsLater},
	{"sigs.k8s.io/controller-runtime/pkg/predicate", "", "NewPredicateFuncs", RunsLater},
	{"sigs.k8s.io/controller-runtime/pkg/predicate", "", "NewTypedPredicateFuncs", RunsLater},
	{"sync", "Once", "Do", OnceDo},
	{"sync", "Mutex", "Lock", Locks},
	{"sync", "RWMutex", "Lock", Locks},
	{"sync", "RWMutex", "RLock", Locks},
	{"sync", "Locker", "Lock", Locks},
	{"sync", "Map", "Store", MapStores},
	{"sync", "Map", "LoadOrStore", MapStores},
	{"sync", "Map", "Swap", MapStores},
	{"sync", "Map", "Load", MapLoads},
}

// SyncRows returns the table, for tests.
func SyncRows() []SyncRow { return append([]SyncRow(nil), syncRows...) }

// SyncRoleOf returns fn's role, 0 when it is not in the table.
func SyncRoleOf(fn *types.Func) SyncRole {
	row, _ := lookupMember(syncRows, fn, func(r SyncRow) (string, string, string) { return r.Pkg, r.Recv, r.Name })
	return row.Role
}

// sorters are the packages whose functions sort or search the slices
// they are given, so that code which hands them a slice built in map
// order has put it in an order of its own.
var sorters = []string{"sort", "slices"}

// Sorters returns the packages, for tests.
func Sorters() []string { return append([]string(nil), sorters...) }

// InSorter reports whether fn is a function of a sorting package.
func InSorter(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	for _, p := range sorters {
		if fn.Pkg().Path() == p {
			return true
		}
	}
	return false
}
