// Package rbacneeds turns what the code of a binary asks of the API server
// (wiring's Requests) into RBAC verbs, and compares them with what the
// module's +kubebuilder:rbac markers grant. It is the one computation of
// rbacgrant's findings and of the controller map's RBAC (what a
// controller needs, what is missing, what no code uses): the two cannot
// disagree.
//
// # Entry points
//
// [Of] gives package main's [Binary]: its managers (those it makes, and
// those made in packages of the module it calls: several managers, cobra
// subcommands, are judged each on its own code, Partial), each with the
// requests of the code it runs and the resources its client reads
// uncached, and the rules of the role generated from the markers (Judged:
// false when no role is generated from them or a role defined by hand is
// deployed).
//
// [Options] maps a request to the verbs that satisfy it (a watch, or a
// read through the cache, needs list and watch for the informer; a read
// through a reader that may skip the cache, list and watch or get; an
// event, create and patch); [MissingOf] gives the verbs no rule grants (rbacgrant's findings),
// [NeedsOf] every need with those marked (the map's per-controller RBAC),
// [UnusedOf] the wildcards and verbs no request uses (-rbacgrant.unused).
//
// Tested on rules and requests made in its test; rbacgrant's fixtures test
// it on code.
package rbacneeds
