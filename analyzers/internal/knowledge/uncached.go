package knowledge

import "go/types"

// UncachedRead is a method of a typed client whose request reads nothing
// an informer could hold: what it returns exists only on the API server
// (a pod's logs, which the API server streams from the kubelet). A client
// built only for such requests misses no cache; what it costs is its
// own rate limiter and settings (newclient).
type UncachedRead struct {
	// Pkg is the import path of the client's package; Name the method's
	// name, on any type of the package.
	Pkg, Name string
	// What names what it reads, for messages.
	What string
}

var uncachedReads = []UncachedRead{
	// PodExpansion.GetLogs, promoted to PodInterface, and (*pods).GetLogs.
	{Pkg: "k8s.io/client-go/kubernetes/typed/core/v1", Name: "GetLogs", What: "pod logs"},
}

// UncachedReads returns the table, for tests.
func UncachedReads() []UncachedRead { return append([]UncachedRead(nil), uncachedReads...) }

// UncachedReadOf returns the row of fn, a method, when it is one of the
// table.
func UncachedReadOf(fn *types.Func) (UncachedRead, bool) {
	if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() == nil {
		return UncachedRead{}, false
	}
	for _, r := range uncachedReads {
		if r.Pkg == fn.Pkg().Path() && r.Name == fn.Name() {
			return r, true
		}
	}
	return UncachedRead{}, false
}
