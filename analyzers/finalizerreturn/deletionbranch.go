package finalizerreturn

// This file decides whether a success return skips the deletion branch:
// the object layer says where the branch is and whether the return comes
// before it on a terminating object's path; a success return also needs
// the object unwritten since it was read.

import (
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
)

// skipped reports whether ret is a success return without requeue that
// the terminating object may take before its deletion branch (the object
// layer's Managed.Skips), and which branch it skips; and, since a write
// of the object brings it back, not when it was written on every path
// since it was read.
func skipped(objs *objects.Result, d *objects.Managed, ret *ssa.Return, via *helperReturn) (objects.DeletionBranch, bool) {
	f := d.Frame
	var except ssa.Instruction
	if via != nil {
		except = via.call // the helper's own reads are checked at its return
	}
	b, ok := d.Skips(objs, ret, except)
	if !ok {
		return objects.DeletionBranch{}, false
	}
	// Written on every path since it was read: the write's own event
	// brings the object back. In a helper, the caller's Get (checked at
	// the call) is the entry.
	if via != nil {
		// What the helper may write on its other paths does not count:
		// the history before the call, then the helper's up to its return.
		before, inside := objs.Steps(f.Fn, via.call, f.Obj), objs.Steps(via.ret.Parent(), via.ret, via.param)
		if !before.Fetched() && (f.Call == nil || !before.Entry) || !inside.Fetched() && !inside.Entry {
			return objects.DeletionBranch{}, false
		}
	} else if st := objs.Steps(f.Fn, ret, f.Obj); !st.Fetched() && (f.Call == nil || !st.Entry) {
		return objects.DeletionBranch{}, false
	}
	return b, true
}
