// Package finalizername defines an Analyzer that reports constant
// finalizer names that are not domain-qualified or not valid (catalogue
// item C2).
//
// # Analyzer finalizername
//
// finalizername: report a finalizer name that is not "<domain>/<name>"
//
// A finalizer name that is not a valid qualified name ("my finalizer",
// "a/b/c") makes the API server reject every write of an object that
// carries it. One without a domain ("cleanup", "finalizer.example.com")
// is accepted, but the API server answers each write that adds it to a
// custom resource with a warning, and two controllers may pick the same
// name and remove each other's finalizer. Use "<domain>/<name>", such as
// "example.com/cleanup". Renaming strands the old name on live objects:
// add the new name, and keep removing the old one. A constant given to a
// helper of the module that makes its parameter a finalizer name is
// checked at the call, and one stored in a field of the module whose
// value becomes a finalizer name (a descriptor a shared webhook reads) at
// the literal or assignment.
//
// A name a package only removes is the old name of such a migration and is
// not reported, unless a package it imports, directly or not, still adds
// it.
package finalizername
