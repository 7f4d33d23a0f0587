package knowledge

// This file says what the patch helpers of well-known libraries do to the
// object they are given. Many controllers never call the client to write
// their own object: they take a helper when the reconcile starts, change
// the object (a finalizer, the status), and let a deferred call of the
// helper's Patch send the difference. The helper is a dependency, not the
// module, so without these rows the object layer would see no write.

// Patcher is one patch helper: a type of Pkg whose constructor New
// snapshots the object it is given (operand 0), and whose method Write
// sends what changed since then in the object it is given (operand
// WriteObj, counted without the receiver) and decodes the server's answer
// into it.
type Patcher struct {
	Pkg, Type string
	New       string
	Write     string
	WriteObj  int
	// Parts are the parts of the object a Write sends, for messages and
	// for checks that ask which fields another writer may race with.
	Parts string
	// OptimisticLock: the patch carries the resourceVersion it started
	// from, so a write over someone else's is refused (409) rather than
	// merged. Both libraries send merge patches without it by default.
	OptimisticLock bool
}

const (
	fluxPatch = "github.com/fluxcd/pkg/runtime/patch"
	capiPatch = "sigs.k8s.io/cluster-api/util/patch"
)

var patchers = []Patcher{
	// Flux's controllers: patch.NewSerialPatcher(obj, r.Client), then a
	// deferred patcher.Patch(ctx, obj, opts...).
	{Pkg: fluxPatch, Type: "SerialPatcher", New: "NewSerialPatcher", Write: "Patch", WriteObj: 1,
		Parts: "metadata, spec and status (the status subresource)"},
	{Pkg: fluxPatch, Type: "Helper", New: "NewHelper", Write: "Patch", WriteObj: 1,
		Parts: "metadata, spec and status (the status subresource)"},
	// cluster-api's, used by its providers and many operators.
	{Pkg: capiPatch, Type: "Helper", New: "NewHelper", Write: "Patch", WriteObj: 1,
		Parts: "metadata, spec and status (the status subresource)"},
}

// Patchers returns a copy of the table.
func Patchers() []Patcher { return append([]Patcher(nil), patchers...) }

// patcherRows are the effect rows of the patch helpers: the constructor
// only reads its object; Write writes it (and reads the context).
func patcherRows() []Row {
	var r []Row
	for _, p := range patchers {
		r = append(r,
			Row{p.Pkg, p.New, Func, AllOperands, Reads, ""},
			Row{p.Pkg, p.Write, Method, p.WriteObj, Writes, ""},
			Row{p.Pkg, p.Write, Method, AllOperands, Reads, ""},
		)
	}
	return r
}
