// Package schemekind defines an Analyzer that reports object types the
// controllers of a manager use or watch whose kind the manager's scheme
// does not know (catalogue item C6).
//
// # Analyzer schemekind
//
// schemekind: report a type the manager's controllers use whose AddToScheme is never applied to its scheme
//
// The client and the cache map a Go type to its kind through the scheme
// the manager is built with. A type whose API package's AddToScheme never
// reaches that scheme compiles and passes unit tests that build their own
// scheme, but every Get, List, write or watch of it fails at run time with
// "no kind is registered for the type v1.Foo in scheme ...". The check
// runs where package main creates the manager, follows the scheme given in
// its options to the AddToScheme calls that fill it (in init, main or a
// helper of the module, through facts), and compares with the types the
// controllers the binary starts use with the client or watch. It is silent
// when the scheme cannot be followed: the manager's default scheme, a
// scheme made or filled by code it cannot see, an adder called through an
// interface or a function value it cannot resolve.
package schemekind
