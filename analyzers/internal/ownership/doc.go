// Package ownership answers which object types the code of a package
// creates (client Create, CreateOrUpdate/CreateOrPatch, server-side apply)
// and gives owner references to (SetControllerReference,
// SetOwnerReference, SetOwnerReferences, an OwnerReferences literal, an
// apply configuration's WithOwnerReferences): directly, through closures,
// and through the module's helpers, in this package and, by their facts,
// in the module's other packages. It also says whether an owner reference
// may land on an object of unknown type.
//
// Objects are told apart by type (their key, see TypeKeys), not by value:
// "the Jobs this operator owns" is a property of the type, whichever Job
// value the code happens to hold, so the layer needs no identity.
//
// # Entry points
//
// [Of] gives the package's [Result]. [Result.Ownership] (this package, or
// one of the module it imports) and [Result.Owners] give what is created
// and owned, by key; [TypeKeys] the keys of a type and [Result.TypeName] a
// key's type. [Result.CreatesOwned] says the package or one it imports both
// creates objects of a type and owns them (the objects of that type it
// updates are its own children); [Result.CreatesIn] that a function (the
// declaring one, for a literal) creates objects of a type, itself or
// through the module's functions: a get-or-create. [Result.Owned] says
// the module gives objects of a type owner references.
//
// Owner edges say which type owns which, from SetControllerReference and
// SetOwnerReference and from references built by hand (NewControllerRef,
// or a function of the module returning a reference to its parameter:
// refOf(i) in its fact) stored in OwnerReferences or given to
// SetOwnerReferences; each end is a type's key or a parameter of a helper
// (edge(#0<-#1,true) in a function's fact, typed edges in the package's),
// mapped through the helpers' calls like the rest. [Result.Sites] gives
// the calls of this package where both ends become known types (the
// library's, or a helper's given the two objects), [Result.OwnerKeys] the
// owner types of a type here and in imported packages.
//
// # Facts
//
// A [Package] fact per package that creates or owns, and a [Func] fact per
// function that does: owns(owner(1,true) created(1)
// ownership(create(k8s.io/api/core/v1.Secret))) says parameter 1 may get a
// controller reference and be created, and a Secret is created inside;
// weakOwner(i) that parameter i is handed to another module's code, which
// might set one; ownerMeta that a result is an ObjectMeta carrying owner
// references. Parameter indexes are SSA's (receiver first).
//
// The summaries are computed in summarize.go, to a fixed point over the
// package's functions outside test code (at most 32 rounds, each only
// adding), starting from the Func facts of the module's other packages. An
// object handed to another module's code that knowledge.KnownLibrary does
// not vouch for may get an owner reference there (weakOwner). The answer
// is open (Unknown: the checks stay silent about every type) when an owner
// reference may land on an object of unknown type, when a controller
// reference built with NewControllerRef is neither stored into an object
// nor returned, or when a function that sets owner references on a
// parameter may be called where its argument cannot be seen (used as a
// value, or a method invoked through an interface).
package ownership
