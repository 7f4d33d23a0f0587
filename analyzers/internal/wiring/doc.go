// Package wiring records what the controllers of a binary need from the
// manager they run in: the object types they use with the client or watch
// (the manager's scheme must know their kinds), the field keys they list
// by, and the field indexes they register (a cached List by a field needs
// an index of that name); what they ask of the API server; and what one
// function or call does with the client, by object type.
//
// These are whole-program questions: the scheme and the indexes are set up
// in package main or a setup function, the uses sit in controller
// packages. Each package exports a Wiring fact on its exported functions
// and types (see package reach); the package that makes the manager asks
// Of for what the code it runs needs. It is the one summary of client use.
//
// # Uses, lists and indexes
//
// [Result.Of] sums, over reach's graph (test files included), the object
// types used with a client or watched (Uses, with the call and its place),
// the Lists by a field selector (Lists: item type, constant key from
// client.MatchingFields, MatchingFieldsSelector or
// fields.OneTermEqualSelector; whether through a full client) and the
// IndexField registrations (Indexes).
//
// # Requests
//
// [Result.Requests] gives what the code asks of the API server through the
// manager's client (over reach's SourceGraph, test files left out): each
// client call's resource (apimarkers' ResourceOf), subresource, verb and
// whether it goes through a full client or only a reader ([FullClient]);
// each watch source; CreateOrUpdate/CreateOrPatch as get, create and update
// or patch, or, for a CreateOrPatch whose mutate function changes only the
// status of a fetched object (the object layer's ClosureEffect and Steps),
// get and a status patch; each event recorder call with the group its
// recorder writes to (knowledge.EventGroup).
//
// Each [Request] carries the condition under which its client is the
// manager's (Via): a struct field or an exported function's parameter,
// settled by the package that fills the field or calls the function, so
// that a workload cluster's client asks nothing of the manager. A field
// the package fills with the manager's client and with another one
// (client.New, a remote cluster's constructor) is open and its requests
// are left out, unless the field is of a struct its function makes and
// keeps, whose stores are then followed exactly; a parameter is the
// manager's if one call gives it the manager's client. [ViaManager] drops
// the requests still waiting for a helper's client parameter;
// [Result.Settle] applies what the package fills client fields and
// parameters with to requests read from another package's fact (the
// controller map carries each controller's requests up to package main
// so).
//
// [Result.Managers] gives the managers package main creates, with the code
// each runs; a manager made in another package (Wiring.Managers: where,
// with what the function that makes it may run and its package's
// DisableFor types) travels up in the fact, and [Result.ManagerCalls]
// gives, in package main, the call or variable reference that reaches
// each. [Result.Uncached] gives the resources a manager made in the
// package reads without its cache (client.CacheOptions' DisableFor).
//
// # Metrics
//
// [Result.MetricsOf] gives what a NewManager call configures its metrics
// server with ([ManagerMetrics], managermetrics.go): whether it runs
// (Options.Metrics.BindAddress unset is controller-runtime's ":8080", "0"
// is no server), the string flag (flag, pflag) whose default the address
// is, and the extra handlers it serves beside /metrics (ExtraHandlers, the
// package's AddMetricsServerExtraHandler calls), each with the function
// that makes it. The options are followed through the struct built where
// the manager is made (a literal, fields set on it, a metricsserver.Options
// variable stored in it); options made elsewhere, an address the code
// computes or sets twice, are open. A manager made outside package main
// carries it in its Site (Site.Metrics).
//
// # What a manager's cache holds
//
// [Result.ManagerCache] (a manager main makes) and Site.Cache (one made
// in another package) give the label selectors of the manager's cache
// ([CacheConfig], managercache.go): ByObject's Label per type and
// DefaultLabelSelector, read from the options given to the call that
// makes it (a literal, or locals filled field by field, a ByObject map
// kept in a field and updated through it), each a constant selector's
// canonical text (labels.SelectorFromSet or a Set's AsSelector of
// constant keys and values, labels.Parse of a constant,
// metav1.LabelSelectorAsSelector of a literal with constant MatchLabels)
// or open, with why: a selector computed at run time, ByObject filled in
// a loop or handed on, options built by a call, given as a parameter or
// handed to a function, a NewCache of the code's own, a namespace config
// with a selector of its own. [CacheConfig.SelectorOf] answers for one
// type; [SelectorRequires] gives the keys a selector requires.
//
// # Client use
//
// [Result.ClientUse], [Result.CallClientUse] and
// [Result.ImportedClientUse] say what one function or call does with the
// client when it runs, by object type: whether it calls the API server,
// the types it writes (with method and subresource) and reads, whether it
// writes objects of unknown type; through the package's functions and
// closures, and other packages' by the clientUse(...) part of their fact,
// which every exported function and method that calls the client gets. It
// is the synchronous counterpart of Requests, by type rather than resource
// (lostwakeup: does this wake the controller; droppederr: does this helper
// delete what was read).
package wiring
