// Package ctrlmap computes the controller map (reconcilecheck map): per
// binary and manager, the controllers its code sets up with their
// sources, handlers and predicates (ctrlmodel), what they write and what
// that needs of the role (wiring's requests, rbacneeds), the finalizers
// they add and remove (the object layer's lifecycle events) and the
// webhooks it serves (crapi's webhook chains, apimarkers' markers).
//
// It is no check: it reports nothing unless its -controllermap.enable
// flag is set, which only the command's map mode passes, so that a run
// of the checks pays nothing for it and go vet keeps the map's results
// apart in its cache (the flag is part of their key). Enabled, every
// package of the module exports a Reach fact on its exported functions,
// types and variables (the controllers, webhooks and finalizers of the
// code each may run, like wiring's facts), and package main reports its
// binary's map as one diagnostic of category controllermap.Category
// whose message is the map's JSON.
//
// # What an entry holds
//
// Per builder chain completed with a reconciler, in every package of the
// module: the controller's name (Named, else the For kind), its sources
// with handler and predicates (generation, label, annotation,
// resourceVersion, and/or/not, custom with its type), event filters, the
// requests of what its reconciler's Reconcile may run (wiring's Requests
// from that method, not every method of the type, with the chain's
// watches), the finalizers that code adds and removes (the object layer's
// Lifecycle, a stored list's names by lifecycle.ListedFinalizers, a
// helper's name from its caller's constant by argroles) and the kinds of
// the types it uses (apimarkers' ResourceOf and VersionKindOf); the
// webhooks of its webhook chains (crapi.WebhookChains, crapi.WebhookPaths,
// the package's markers naming the kind) and hand registrations.
//
// The [Reach] fact carries these up over reach's SourceGraph, each
// controller's requests settled on the way by the packages that fill its
// client fields (wiring's Settle). In package main, per manager of
// rbacneeds.Of, it walks what the manager's code runs and reports the
// binary's map: per controller the writes (create, update, patch, delete,
// status, events) and the RBAC needs with the missing verbs
// (rbacneeds.NeedsOf), per manager the webhooks, rbacgrant's missing and
// unused grants and the needs outside controllers. The command collects
// it; internal/controllermap holds the schema and the Mermaid and DOT
// renderings.
//
// The analyzer is not in the registry's list of checks: registry.Map
// gives it to the vet tool, which runs it beside the checks.
package ctrlmap
