// Package fieldindex defines an Analyzer that reports Lists by a field
// selector through the manager's cached client for a field that no
// IndexField registers (catalogue item C8).
//
// # Analyzer fieldindex
//
// fieldindex: report a cached List by a field key that no IndexField registers for its type
//
// The manager's client reads from the cache, which answers a List with a
// field selector (client.MatchingFields, MatchingFieldsSelector,
// fields.OneTermEqualSelector in ListOptions) only from an index of that
// name, registered with mgr.GetFieldIndexer().IndexField (or the cache's)
// for the same type. Without it the List fails on every call with "index
// with name field:<key> does not exist". The check runs where package main
// creates the manager, where every controller it starts and every
// IndexField call is visible (through facts), and reports each cached List
// whose type and key no registration matches; in tests, it reports a fake
// client built without the WithIndex that the reconciler it is given
// lists by. Lists through a client.Reader that is not a full client
// (mgr.GetAPIReader()) go to the API server and are left alone. It is
// silent when the manager, its cache or its field indexer is handed to
// code of another module, which may register any index.
package fieldindex
