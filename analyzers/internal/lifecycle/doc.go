// Package lifecycle recognises, in SSA form, what a controller does to an
// object's deletion lifecycle: tests of its deletion state and removals or
// additions of finalizers, directly or through the project's own helpers
// (known through the Helpers interface, backed by analysis facts).
//
// # Recognisers
//
// [DeletionTest] (a value that tests an object's deletion state),
// [DeletionRead] (a read of it), [Addition] (controllerutil.AddFinalizer
// and the other rows of knowledge.FinalizerHelpers, or a helper of the
// module) and [Removal] (RemoveFinalizer, SetFinalizers, a store to the
// Finalizers field, finalizer.Finalizers.Finalize, or a helper), [NameArg]
// (which argument of a library call is a finalizer's name),
// [ListedFinalizers] (the elements of a list stored in
// Finalizers or given to SetFinalizers), [FinalizersSet] (any such
// store or call, with its object and list; [EmptyList] tells a list
// that adds nothing) and [StandardFinalizers] (the
// names Kubernetes itself uses). [ObjectOf] gives the object an embedded
// ObjectMeta stands for (&obj.ObjectMeta to obj).
//
// They see through the module's helpers via [Helpers], which
// objects.Result implements from the Summary facts' removesFinalizer,
// addsFinalizer, examinesDeletion and testsDeletion.
//
// # One scan per function
//
// [Scan] is the one walk of a function for all of these: its [Events] hold
// the Additions, the Removals (Helper set for those made through a
// helper), the Reads, the Tests and the Branches, each [Branch] with its
// Terminating and Live sides; [Events.AdditionAt], [Events.RemovalAt] and
// [Events.BranchOf] find them by instruction or block.
// objects.Result.Lifecycle memoises the scan per function for every check
// of the package ([Memo], [EventsOf]), and the checks filter it by object
// with objects.Same instead of walking the instructions again.
//
// # Where an object is known terminating, or live
//
// [TerminatingSide] says that a block lies on the terminating side of a
// deletion test of an object a match function accepts (the branch is
// entered only from the test and dominates the block);
// [CalledOnlyTerminating] that every static call of a function, up to three
// levels of callers, lies on such a side; [ParamTerminating] that the
// object a parameter is given is terminating in every call. Their twins
// [LiveSide], [ParamLive] and [ObjectLiveAt] say the same of the side where
// the object is not terminating. [RemovedOnDeletion] finds, in a set of
// functions (what a reconcile runs), a removal of a finalizer from an
// object made in a deletion branch (either of the first two, or
// finalizer.Finalizers.Finalize): the object's type is one whose
// finalizer the reconcile removes when it is deleted.
package lifecycle
