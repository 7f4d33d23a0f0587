// Package argroles learns which string parameters of the module's
// functions are given, unchanged, where a library takes a value of a known
// role: a finalizer's name, an event's type, reason or action, an events
// API recorder's name. A check that judges such a value (a finalizer name
// without a domain, an event type the recorder drops) then judges the
// constant a caller passes to the module's helper as it judges one passed
// to the library, in this package or, through the Params fact, in another.
//
// # Roles
//
// [FinalizerName] (lifecycle.NameArg, or an element of a list stored in
// Finalizers or given to SetFinalizers: lifecycle.ListedFinalizers),
// [EventType] and [EventReason] (knowledge.EventMethod's rows),
// [StrictReason] and [StrictAction] (the rows whose events the API server
// validates as events.k8s.io/v1 events: the events API recorder's), and
// [RecorderName] (knowledge.RecorderNameArg: mgr.GetEventRecorder and
// client-go's events broadcasters' NewRecorder). A value is given
// unchanged up to conversions between string types; a value built from
// the parameter ("example.com/" + name) or captured by a closure has no
// role.
//
// A struct field of the module has a role when code reads it and gives
// the value, unchanged, where the library takes one (korifi's
// k8s.FinalizerDescriptor.FinalizerName, read by a webhook into
// AddFinalizer); a parameter stored in such a field is then given there
// too (a constructor that keeps its name for the method that removes it,
// as korifi's generic NewNamespaceFinalizer). A field of a library type
// never has one: the module reading an ObjectMeta's Name into a finalizer
// call makes no other object's name a finalizer name.
//
// # Entry points
//
// [Of] gives the [Result]; [Result.Params] gives a library function's own
// argument of a role, or a helper's parameters that reach one (indexes
// without the receiver), and [Library] tells the library's apart, for
// messages. The roles are learnt to a fixed point over the package's
// functions (helpers calling helpers) and carried across packages by a
// [Params] fact (params(...)) on exported functions; [Result.Field] tells
// a field's roles, carried by a [Field] fact (field(...)) on the exported
// fields of exported types. Its test checks the facts of helpers of both
// roles in one package and through another, of a field read out of a map
// and of a generic constructor's field.
package argroles
