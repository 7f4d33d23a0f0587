// Package ctrlmodel builds the controller model of a package: the
// controller-runtime builder chains it declares (For, Owns, Watches, event
// filters, the reconciler they Complete with), for the checks that need to
// know what a controller watches.
//
// A chain is the set of calls made on one builder.TypedBuilder. Builder
// methods return their receiver, so calls are grouped by walking each
// receiver back through builder-method results and phis to the builder
// value they started from; this covers one-expression chains as well as
// chains split over statements and if branches. Helpers of the package that
// take or return a builder are followed per call site: their calls join the
// chain of each caller, so two controllers sharing a helper stay two
// chains. Everything is recognised through go/types (package path and
// object), never by spelling.
//
// # Entry points
//
// The analyzer's result is the package's [Model]; [Model.ControllerOf]
// gives, per reconciler type, the [Controller] its chains set up, with
// what it watches ([Controller.IsFor], [Controller.Watched]). A
// [BuilderFunc] fact on the module's builder helpers (each call's method,
// object type and, for a Watches, its handler's kind) makes a chain split
// over packages of the module still one chain. wiring reads its watch
// sources.
//
// A [Predicate] says what it passes: [Predicate.OnlyMetaChanges] (an
// update passes only when the generation, labels or annotations changed),
// [Predicate.DropsEdits] (it certainly drops an update that changes only
// the labels, or only the annotations) and [Predicate.Uses]; the predicate
// types are known by their Typed* names (controller-runtime v0.18 on) and
// their plain names (before, when they were structs of their own).
//
// [Controller.Periodic] finds a WatchesRawSource whose source enqueues on
// a timer (a source.Channel fed from a loop that waits on a timer, a
// source.Func or source type of the package whose Start adds to its queue
// so, or code that wait.Until and its variants repeat; the timers are
// knowledge.Timer rows, the queue's adds knowledge.Enqueues).
// [InTimerLoop] says whether a block is in a loop that waits on a timer
// and on nothing else. [DynamicKind] says whether objects of a type carry
// their kind as data (unstructured, PartialObjectMetadata).
package ctrlmodel
