// Package objects is the shared object layer of the checks: for every
// function of the package it answers which SSA values denote the same
// Kubernetes object (identity), where a value points into an object (part:
// status, spec, metadata, which field), what an instruction or a call does
// to an object (effects: from the knowledge table for libraries, from
// summaries of the module's own helpers, and from facts for helpers in
// other packages of the module), and what happened to an object between a
// point and the last time it was fetched, written or made (history).
//
// The checks ask through the analyzer's Result; none indexes client call
// arguments or keeps a table of library behaviour of its own. [Of] gives
// the package's [Result]; every method locks, as the checks of a package
// run in parallel and share it.
//
// # Identity
//
// [Result.Same], [Result.Alias], [Result.Key], [Result.FetchKeys],
// [Result.Source], [Result.NameSource], [Result.NameValue], [KeyedObject],
// [KeptCopy], [DeepCopyOf], [Result.ConvertedFrom], [MergeBase],
// [RawPatchData], [PatchParts], [WholeMergePatch].
//
// Two values are the same object up to conversions; addresses computed
// alike (&list.Items[i] twice, a constant index by value); loads of one
// address (a captured variable); a variable stored once and its value;
// objects of one type fetched with keys built from the same sources
// (Source: a constant by value, a field by its path, obj.GetName() as
// obj.Name, so req.NamespacedName and {Namespace: req.Namespace, Name:
// req.Name} agree), or by client.ObjectKeyFromObject(other).
// ssaflow.Outer follows a closure's captured value to the function that
// binds it.
//
// NameSource tells where the name of an object the code made comes from
// (its literal, also one built aside and copied in whole, obj.Name = n,
// SetName, a constructor such as newWidget("a") with its parameters bound,
// one of another package through namedBy(i) in its Summary fact), and
// NameValue gives that value in the caller (createexists: the parameters a
// name is made from). KeyedObject gives the object a name or key value is
// taken from (finalizerorder).
//
// Alias is Same without the re-fetches: the same Go object in memory (a
// merge patch's base that is its object). MergeBase finds the base of a
// MergeFrom, MergeFromWithOptions or StrategicMergeFrom patch, DeepCopyOf
// the original of a generated deep copy. A DeepCopy is another object for
// Same; KeptCopy says when it is provably the same object on the server
// (name, namespace and UID never changed, the copy given only to calls the
// knowledge table says leave them alone). ConvertedFrom says v is obj in
// another form: the result of a call given obj as its only object (a
// conversion of the module, a deep copy), also through a variable a
// closure captures (finalizerreturn: CAPD hands such a copy to the backend
// that removes its finalizer). RawPatchData gives the text a
// client.RawPatch sends, when it is a constant or fmt.Sprintf of
// constants, and PatchParts what that text writes: merge patch keys, JSON
// patch paths, labels and annotations one by one (droppederr).
// WholeMergePatch says a patch is a JSON merge patch of a whole object:
// client.Merge, or a RawPatch of the merge patch type whose data is
// json.Marshal of a value, which it returns (wholemerge).
//
// # Part and effects
//
// [Result.Part] says whether v points into obj: the whole object, or its
// Status, a spec-like field, or its ObjectMeta field (Labels via
// GetLabels() too), with depth; a map that is the object's own on some
// path (labels := obj.GetLabels(); if labels == nil {...}) counts.
//
// [Result.EffectOf] says what one instruction does to the object: an
// [Effect] {Strong, Weak} as classes ([Status], Spec, Meta, Changed,
// Unknown) with field names, and an [Event] when its history restarts
// there (Made, Fetched, Written, Replaced, Joined). Library calls come from
// the knowledge table; the package's own functions and closures from
// per-parameter summaries; other packages of the module from their Summary
// facts; anything else given a reference is a weak Unknown.
//
// # History
//
// [Result.History] gives everything that may happen to the object on the
// paths reaching a point since its last event, following parameters into
// the callers in the package (3 levels) and captured variables into the
// enclosing function. [Result.Steps] (and [Result.StepsUntil]) give the
// same walk inside one function instruction by instruction: the changes,
// the calls that may change it, and the events that begin the paths
// (Starts: where it was fetched, written, made...), for a check that
// places a fix; [Result.SharedList] names the list of [SharedLists]
// (Finalizers, OwnerReferences: several controllers write them, a JSON
// merge patch replaces them whole) that the steps certainly change. A call of a module helper that reads its
// parameter from the server, or returns what it read (dep, err :=
// r.getDeployment(ctx, key)), is a Fetched event like a Get, and one that
// writes its parameter (the server's answer decoded back into it) a
// Written event like an Update; so is the copy of an element of a list
// read in the function (for _, d := range list.Items), and the result of
// a library reader of the knowledge table (cluster-api's
// util.GetOwnerMachine). In a closure run during the call that is given
// it (retry.RetryOnConflict's func() error), Steps go on from a captured
// object's entry into the enclosing function, before that call.
//
// # Made objects and function values
//
// [Result.MadeFields] gives the fields a constructor of the module gives
// the object it returns (returnsMade(0: Labels Spec) in its Summary fact
// for other packages; an ObjectMeta literal is named field by field, a
// whole ObjectMeta value built elsewhere is metadata), for a history that
// starts at the constructor's call. [Result.ClosureEffect] says what a
// function literal does to an object through the variables it captures (a
// mutate function of CreateOrUpdate; a parameter captured as it is
// counts); [Result.FuncValueEffect] reads any function value so handed to
// a library (a function or a capture-free literal reaches nothing; another
// value is unknown): mutateoutside's mutate functions, wiring's status-only
// CreateOrPatch.
//
// [Result.Unversioned] says whether the object an event Made starts from
// carries no resourceVersion: an allocation, or a constructor of the
// module building it from nothing (returnsMade(0 unversioned: ...) in
// its fact), never a DeepCopy or a whole ObjectMeta copied in.
// [Result.AsGivenUpdates] gives the objects a call sends in an Update
// (a client's, or Status().Update) with the resourceVersion they have at
// the call: the Update's object, or an argument of a helper of the module
// that updates its parameter before reading, writing or giving it a
// resourceVersion ([Result.UpdatesAsGiven]; updatedAsGiven(i) in its
// fact). [Versioned] says whether a change may give the object one
// (blindupdate).
//
// # Object types, labels and annotations
//
// [ObjectStruct] says whether a struct is a Kubernetes object's (it embeds
// ObjectMeta), [StatusField] gives the Status field a type declares (not
// one promoted). [MetaAccesses] gives each read and write of an object's
// labels or annotations in a function, with its object, map, constant key
// and, for a read, the value it gives: through ObjectMeta's fields and
// accessors, metav1.Object's, and knowledge's MetaOf rows (HasAnnotation,
// SetMetaDataLabel...); a map read whole is followed to its lookups and
// updates (through the phi that makes a nil map empty), a map stored whole
// writes the constant keys put in it here, or any key. Deleting a key is
// not a write. metaedits tells user input from the controller's own memory
// by it.
//
// # Helpers
//
// [Result.RemovesFinalizer], [Result.AddsFinalizer],
// [Result.ExaminesDeletion], [Result.TestsDeletion] (the
// lifecycle.Helpers the lifecycle package sees the module's helpers
// through), [Result.ClientError], [Result.ClientErrorSource],
// [Result.StatusWrites], [Result.WritesStatus], [Result.Deletions]: the
// module's helpers that remove a finalizer from a parameter, test a
// parameter's deletion state, return a client error, write the status
// subresource of an object parameter (statusWritten(i); StatusWrites gives
// the objects a call writes the status of, directly or through such a
// helper whose parameter is an interface, so that the caller's argument
// tells the kind; WritesStatus through any such helper, statuslost's "is
// this a status write"), or delete an interface-typed parameter naming no
// propagation policy (deletedPlain(i); Deletions gives the delete requests
// of a call, a client Delete or DeleteAllOf with what its options do to
// the policy, read through knowledge.DeleteOptionPropagation, or such a
// helper's arguments). They are computed to a fixed point over the
// package's functions (learnHelpers), from the facts of other packages.
//
// [Result.Retried] sees through a retrier of the knowledge table that
// returns the last error of a func() error it runs (client-go's
// retry.RetryOnConflict, retry.OnError): given a literal, a method value
// or a function of the module that returns a client error, the
// retrier's error is that error (the retries run out, or the error is
// not one it retries), so ClientErrorSource counts the call and a helper
// returning it gets clientError; [Retry] names the call inside.
//
// [ListOf] reads a client List or DeleteAllOf: its list, and what its
// options do to its scope (a namespace, label options, options not
// followed), by knowledge.ListOptionScope and the fields of a
// client.ListOptions literal. [ItemOf] says a value is an item of a list
// (&list.Items[i], a range copy); [Result.ServerWrites] gives the objects
// a call updates, patches or deletes on the server: a client Update,
// Patch or Delete, a library's Writes row, or a helper of the module's
// parameters (serverWritten(i) in its Summary, a fixed point like the
// other bits), a list or slice parameter standing for its items
// (listnamespace).
//
// [Result.Lifecycle] memoises lifecycle.Scan per function for every check
// of the package (lifecycle.Memo): the checks filter its events by object
// with Same instead of walking the instructions again.
//
// [Result.NotFoundSource] recognises a call whose error may be a NotFound
// a caller should not pass on: a client Get of an object that is not a
// parameter of the function nor of a parameter's type (a lookup of
// another object, NotFoundLookup), a client Delete of an object the
// function did not just read (NotFoundDelete: not an item of its List,
// nor of a slice a listing helper returns, returnsListed in its
// Summary), or a helper of the module
// whose error may stand for one unfiltered (notFound(lookup|delete) in
// its Summary, a fixed point like the other bits, through
// ssaflow.NotFoundReturns).
//
// # The reconciled object's deletion path
//
// [Result.ReconciledFrames] gives where a reconcile's own object exists
// (after its Get by the request's key, or a helper's fetch of it),
// [Result.TailFrames] the helpers it hands the object to and returns
// through; [Result.ManagedOf] the finalizer a frame manages on it
// ([Result.FinalizerOps]) and the deletion branches that remove it
// ([Result.DeletionBranches]); [Managed.Skips] whether an instruction
// lies on a path a terminating object takes before such a branch.
// finalizerreturn (a success return there) and deletionblocked (an error
// return there) ask it.
//
// # Which types get finalizers
//
// [Result.GivesFinalizer] answers "may the code this package sees give an
// object of type T a finalizer?", with whether that answer is complete:
// the [Finalized] package fact sums, over the package and the module's
// packages it imports, the types of the objects given one (by
// lifecycle's Additions, a helper's through its callers' arguments; a
// finalizer list set whole, a creation literal's or an ObjectMeta's built
// aside and copied in; finalizer.Finalizers.Finalize; a type asserted in
// a webhook's defaulter; a deletion naming a policy other than background,
// as foreground and orphan deletion add the API server's finalizer), and a library that knowledge.LeavesFinalizers
// does not vouch for, or code not known here (a function value, a method
// of the module's interfaces), given an object counts as giving it one.
// The answer opens (FinalizedOpen) at an addition whose object's type is
// not known: an interface parameter of a closure, of an exported method
// (it may implement a library's interface) or of a function taken as a
// value, unstructured objects, apply configurations' WithFinalizers,
// and text naming finalizers (an unstructured path, a raw patch). In
// package main, which imports every package of its binary, a complete
// "no" says the binary never gives T a finalizer (cleanupnofinalizer).
//
// # The Summary fact
//
// One [Summary] fact per function of the module worth one: exported
// functions given objects always get one (an empty summary() says "only
// reads": without a fact a caller must assume any change), other functions
// when they do something a caller must know. It indexes parameters as SSA
// does (the receiver first): summary(changes(2, 4, 16) removesFinalizer(2)
// clientError(writes=true)) says parameter 2 gets its metadata changed (4
// is Meta), may be written to the server inside (16 is Unknown for the
// caller's history), may lose a finalizer, and the error may be a write's;
// fetched(3) returnsFetched(0) says parameter 3 is read from the server
// inside and result 0 is nil or an object read from the server;
// returnsListed(0) that result 0 is a slice of items of a List it makes
// (list.Items, or items appended to a new slice); written(2)
// says parameter 2 is written to the server inside, updatedAsGiven(2) that
// it is updated with the resourceVersion the caller gave it; metaReads(0 annotation
// "example.com/paused") says the results are computed from that annotation
// of parameter 0 (an IsPaused() method), metaWrites(0 label "") that it
// writes labels of parameter 0 ("": a key computed at run time).
//
// The changes of a parameter (Strong, Weak) are summarised on demand, one
// walk of the body per function and parameter, memoised; a recursive call
// met during that walk counts as a weak Unknown. The helper bits
// (removesFinalizer, addsFinalizer, examinesDeletion, testsDeletion,
// statusWritten, deletedPlain, clientError) are the fixed point above.
//
// # Which checks ask what
//
// Identity: createexists, droppederr, finalizerdeadlock, finalizerlock,
// finalizerorder, finalizerreturn, lostwakeup, mergebase, metaedits,
// mutateoutside, selfowner, statuslost, statusrace, statuswriter. Part
// and effects: droppederr, finalizerlock, finalizerorder, lostwakeup,
// mergebase, statusloop, statuslost. History: droppederr, finalizerlock,
// finalizerorder, finalizerreturn, lostwakeup, mergebase, mutateoutside,
// ownerrefnil, statuslost, statuswriter, updatepatch. Helpers: droppederr,
// orphandelete, statuslost, statussubresource, and every check that reads
// Lifecycle (droppederr, finalizerdeadlock, finalizerlock, finalizerorder,
// finalizerreturn, statusloop).
//
// statusrace asks whether the status a test wrote is that of the object it
// reads back: the same variable (across Ginkgo closures, by
// ssaflow.Outer), or the same type unless the names differ (NameSource of
// the object written, the FetchKeys name of the one read); when the layer
// cannot name both, objects of one type count as one, on the side of
// silence.
package objects
