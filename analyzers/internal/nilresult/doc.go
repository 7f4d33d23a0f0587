// Package nilresult knows which functions never return a nil pointer
// together with a nil error, in any package (dependencies included), from
// their syntax: cluster-api's util.GetClusterFromMetadata returns the
// Cluster or an error, where util.GetOwnerCluster may return (nil, nil)
// when no owner is set. A check that meets "if p == nil { return }" after
// "p, err := f(); if err != nil { return }" asks it whether that branch
// can run at all (the defensive nil test of a function that never gives
// nil without an error is dead code).
//
// # Entry points
//
// [Never] says whether a function never gives nil without an error: the
// package's own, or another package's by its [NeverNil] fact.
// [DeadNilSide] says that a block runs only on the nil side of such a test,
// dead code (finalizerreturn skips returns there).
//
// A function qualifies when every return gives &T{} or new(T) (or a
// variable only given one), an error that is a call or a variable tested
// non-nil around the return, or the results of another such function. The
// answer is a fixed point over the package's functions (a function that
// returns another's results is known once that one is), computed on the
// syntax the type-checking built, so it is the one fact computed outside
// the module: the lookups it is about are mostly a library's. Only
// exported functions get the fact; the others are known in their package.
// Tested by its facts on a library package and a package using it.
package nilresult
