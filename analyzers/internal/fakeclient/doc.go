// Package fakeclient models the clients a package builds with
// controller-runtime's fake package: which client values are fake on
// every path, and which object types such a client serves the status
// subresource for.
//
// The fake client gives a type a status subresource when it is one of
// the built-in types it always treats so (crapi.FakeInTreeStatus) or when
// an object of the type was given to ClientBuilder.WithStatusSubresource;
// nothing else does (not WithObjects, not the scheme). For any other
// type, Update and Patch store .status with the rest of the object and
// the status writer answers NotFound. A fake package without
// WithStatusSubresource (controller-runtime before v0.15) serves no
// status subresource at all.
//
// # Entry points
//
// [Of] gives the package's [Index]. [Index.Of] gives the fake clients a
// client value is on every path, with the types given to their builder's
// WithStatusSubresource (the builder followed wherever it goes in the
// package); nothing when a path leads elsewhere. It follows variables,
// package variables' initializers, the package's helpers, a closure a
// local variable holds as its only value (a test's newReconciler), a
// struct literal's field (by pointer, or a value copied from its
// temporary), a field of a struct type declared in a _test.go file, a
// _test.go struct type that embeds the client and takes Update, Patch,
// Status and SubResource from it (its embedded field's stores), unexported
// functions' parameters, and the module's exported functions that return
// one, by their [Returns] fact (returnsFake(i status=...)).
//
// [Index.StatusSubresource] says whether such a client serves a type's
// status as a subresource, and [WriterClient] gives the client of a write
// (c of c.Status().Update). The builder's methods are crapi's
// (crapi.FakeStepOf), looked up in the real package; the built-in kinds
// are asked of the real fake client in crapi's test.
package fakeclient
