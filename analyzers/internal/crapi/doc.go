// Package crapi recognises the controller-runtime, client-go and
// apimachinery APIs that reconcilecheck's analyzers reason about.
//
// Everything here identifies an API by package path and object identity
// through go/types: a call is a client Update because its callee is the
// Update method of client.Writer (or of a type that implements it), never
// because the receiver is spelled r.Client.
//
// # Calls and types
//
// [ClientCallSSA] and [ClientCallOf] say whether a call is a client method
// call and which ([ClientCall]: the method, whether it writes, whether it
// goes through a subresource); [ClientCalls] lists a function's client
// calls.
// [Reconcilers] and [ReconcilerOf] find the reconcilers and their
// request; [ResultRequeue] and [ResultPtrRequeue] read what a returned
// reconcile.Result asks; [ReturnsResult] (a (reconcile.Result, error)
// result list) and [IsZeroConst] are their one copy each. [GetClientOf]
// and [IsManagerStart] recognise a manager's client and its start.
// [ServerSideApply] gives the object of a Patch with client.Apply
// ([IsApplyPatch]) or the apply configuration of Apply. [ClassifyLogCall]
// says whether a call writes a log line or event, carries its arguments in
// a logger, only formats, or may act on them, from knowledge's logging
// table. [ReadsClock] and [ClockMethod] recognise the clock.
// [NotFoundTest] says whether a branch tests an error for NotFound
// (apierrors.IsNotFound, its negation, client.IgnoreNotFound compared
// with nil) and which edge NotFound takes.
// [RestrictsNamespace] says an instruction may keep a client's lists to
// some namespaces whatever their options (client.NewNamespacedClient, a
// cache.Options' DefaultNamespaces, a cache.ByObject's Namespaces);
// listnamespace stays silent on a package that has one.
//
// The webhook builder chains written as one expression
// (ctrl.NewWebhookManagedBy(mgr, &T{}), or .For(&T{}) before v0.20) are
// [WebhookChains], with the kind, whether each registers a defaulter and a
// validator, and their custom paths; [WebhookPaths] gives the paths
// controller-runtime derives, [WebhookRegister] a hand registration on the
// webhook server. [FakeStepOf] and [FakeInTreeStatus] describe the fake
// client's builder and the built-in kinds it always serves status for.
//
// # Helpers for every layer
//
// [Callee], [CallArgs], [Receiver], [Named], [IsNamed], [IsFunc],
// [IsMethod], [IsError] and [IsContext] are the generic type and call
// helpers the other layers share (ssaflow takes Callee, CallArgs, Named and
// IsError from here).
//
// # Package paths
//
// The package path constants of controller-runtime, apimachinery and
// client-go that the checks name ([ControllerutilPkg], [ManagerPkg],
// [RuntimePkg], [MetaV1Pkg]...), each loaded by a test. A check names no
// library path itself: it takes the constant here, or a row of package
// knowledge.
package crapi
