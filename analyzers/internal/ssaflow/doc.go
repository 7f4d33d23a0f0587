// Package ssaflow holds the small data-flow questions reconcilecheck's
// analyzers ask of SSA form: does this value derive from that one, which
// values carry this error onwards, which return statement is this Return.
// One copy each: a check that needs one of these asks here rather than
// keeping its own.
//
// Most of it is generic SSA. It imports crapi only for crapi's generic type
// and call helpers (Callee, CallArgs, Named, IsError: no controller-runtime
// API), and knowledge for one table, the error wrappers of
// [IsErrorWrapper] (knowledge.CarriesError). A few helpers know a
// controller's shapes by field name: [IsRequestKey] (a Get keyed by the
// reconcile request's name).
//
// # Values
//
// [Strip] and [StripConv] (conversions that keep the object, or the
// value), [Deref], [Extract], [IsNil], [FuncOf] (the function a function
// value denotes, through conversions), [Sources], [DerivesFrom] and
// [DependsOn] (what a value is computed from), [StoresOnce] and
// [StoresTo], [FieldStores] (the values stored at a field address and
// whether it escapes), [RootAlloc] (the local allocation an address is a
// field or element of), [VariadicElems]; the cells of captured variables,
// [Outer], [ParentOf] and [Declared] (the value a closure's variable is
// bound to, the function a value or closure belongs to); [ErrorCarriers];
// [NotFoundFiltered] and [NotFoundReturns] (where a NotFound error is
// filtered out, and the returns it reaches);
// [NamedResult], [DeferredClosures] and [StoresInto] (a function's named
// results and what its deferred closures assign them: the function returns
// what they hold after the deferred calls ran).
//
// # Calls
//
// [Calls] and [PlainCalls] (a function's calls, instead of a loop over
// its blocks and instructions), [StaticCallers] and [UsedAsValue] (a
// function's call sites in the package, and whether it is also used as a
// value so that its callers are not all known; ssapkg.WithoutTestCallers
// drops the test code's), [CallExpr] and [ArgExpr] (the syntax of a call).
//
// # Branches and dead code
//
// [NilTest], [NilBranches] (the Ifs on a nil test with their nil and
// non-nil sides), [ErrorSide], [HoldsOnEveryPath], [EdgeImplies] and
// [HoldsAt] (a branch condition taken on every path to a block implies
// something of it, also through a block entered from several edges each
// tested on its own, as case a, b:), [MayPrecede], [Reachable].
//
// [Dead], [Live] and [DeadEdge] tell code that cannot run: the blocks
// reached only through a branch whose condition [Decided] rules out, from
// the branches taken on every path to it (dominating single-predecessor
// edges): a constant, the same SSA condition or its negation tested again,
// or a nil test of a value already tested against nil (if err != nil
// inside if err == nil). The checks that judge returns (finalizerdeadlock,
// finalizerreturn, lostwakeup, resulterr) skip the dead ones.
package ssaflow
