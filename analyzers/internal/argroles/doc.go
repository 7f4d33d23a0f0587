// Package argroles learns which string parameters of the module's
// functions are given, unchanged, where a library takes a value of a known
// role: a finalizer's name, an event's type or its reason. A check that
// judges such a value (a finalizer name without a domain, an event type the
// recorder drops) then judges the constant a caller passes to the module's
// helper as it judges one passed to the library, in this package or, through
// the Params fact, in another.
//
// # Roles
//
// [FinalizerName] (lifecycle.NameArg, or an element of a list stored in
// Finalizers or given to SetFinalizers: lifecycle.ListedFinalizers),
// [EventType] and [EventReason] (knowledge.EventMethod's rows). A value is
// given unchanged up to conversions between string types; a value built
// from the parameter ("example.com/" + name) or captured by a closure has
// no role.
//
// # Entry points
//
// [Of] gives the [Result]; [Result.Params] gives a library function's own
// argument of a role, or a helper's parameters that reach one (indexes
// without the receiver), and [Library] tells the library's apart, for
// messages. The roles are learnt to a fixed point over the package's
// functions (helpers calling helpers) and carried across packages by a
// [Params] fact (params(...)) on exported functions. Its test checks the
// facts of helpers of both roles in one package and through another.
package argroles
