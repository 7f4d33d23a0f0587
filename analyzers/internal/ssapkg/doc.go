// Package ssapkg provides the SSA form of a package to every
// reconcilecheck analyzer, built at most once per package and only when
// some analyzer asks for it.
//
// Analyzers that export facts make "go vet" run them, and every analyzer
// that requires them, on each dependency package too (VetxOnly). Building
// SSA for all of k8s.io/api and controller-runtime there would cost more
// than the whole analysis of the user's code, and nothing is reported or
// exported for packages of dependency modules. So the SSA is built lazily,
// and for a package of a dependency module it is empty.
//
// # What it gives
//
// [Of] gives the package's [Program]. [Program.SrcFuncs] are the declared
// functions and their closures; [Program.InitFuncs] the package's init and
// the closures of package-level initializers, where Ginkgo specs live (they
// are not among SrcFuncs: a walk that wants them concatenates both, as
// reach, wiring and fakeclient do, and the checks fieldindex, finalizerlock,
// mergebase, overwrittenerr, statusrace and statussubresource).
//
// Both are empty for packages of dependency modules (pass.Module.Version is
// set, [IsDependency]) and of the standard library: nothing is reported
// there, and facts about user helpers are all that is needed from them.
// They are empty too for a package of the user's that refers to no
// controller-runtime or k8s.io object, directly or through another package
// of the user's (the [Kubernetes] package fact marks those that do): it
// cannot hold a reconciler, a builder chain or a helper worth a fact.
//
// The analyzer replaces buildssa, whose ctrlflow requirement exports facts
// and would make go vet run every SSA-based check on every dependency;
// knowledge's table of functions that never return (knowledge.NoReturn:
// os.Exit, log.Fatal*, klog's Fatal* and Exit*, testing's FailNow...; each
// row looked up in the real packages) stands in for ctrlflow's no-return
// facts.
//
// # Which code is whose
//
// [InModule] says whether a package is of the analysed module (the
// ownership summaries, wiring, and the checks finalizerdeadlock,
// finalizername and lostctx); knowledge.KubernetesLibrary which packages
// are controller-runtime's or k8s.io's.
//
// [InTestCode] tells test code, which the checks of the controller's code
// skip (statusrace, which is about tests, takes [InTestFile]): a _test.go
// file; a file that imports a package only tests import
// (knowledge.TestSupport: testing, net/http/httptest, controller-runtime's
// envtest; test helpers kept beside a package's code); any file of a
// package all of whose non-test files do (cass-operator's fake management
// API and fake StatefulSet controller); or a declaration (a function with
// its closures, a variable) that gives an object a deletion timestamp it
// makes up, not copied from another object nor a parameter (fakesDeletion:
// only the API server sets a real object's, so the object is a fake;
// gateway-api-inference-extension's test wrappers, which import nothing
// only tests import; tested on its own in fakes_test.go).
// [WithoutTestCallers] drops the calls made from test code from a map of
// callers.
//
// Its own test (a probe on three fixture packages: direct, through the
// fact, neither) holds what SrcFuncs and InitFuncs contain.
package ssapkg
