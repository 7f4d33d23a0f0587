// Package statuslost defines an Analyzer that reports status set in
// memory and then lost because a write of the object's main resource
// reads the server's copy back into it before the status write (catalogue
// item D8).
//
// # Analyzer statuslost
//
// statuslost: report an Update or Patch of the main resource between setting an object's status and writing it, which replaces the status in memory with the server's
//
// A client's Update and Patch decode the API server's answer into the
// object they are given. When the kind has the status subresource, a
// write of the main resource ignores the status the code sent and answers
// with the status the server has, so the status the code had set in
// memory is gone; the Status().Update or Status().Patch that follows then
// writes the server's old status back (or an empty patch), and the new
// conditions never appear. The check reports the main write when, on one
// path, the object's status was set before it and is written after it
// without being set again, directly or through the module's helpers (in
// this package or another) that set, write or write the status of the
// object they are given. Kinds known to have no status subresource are
// not reported: their Update saves the status too. Write the status
// before the main write, set it again after, or write the main resource
// from a copy.
package statuslost
