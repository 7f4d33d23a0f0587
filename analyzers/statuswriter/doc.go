// Package statuswriter defines an Analyzer that reports an object written
// with the wrong writer for what was changed: the main resource writer
// after changing only its status, or the status writer after changing
// only its spec or metadata.
//
// # Analyzer statuswriter
//
// statuswriter: report status written with Update, or spec and metadata written with Status().Update
//
// For a type with a status subresource, the API server ignores .status in
// a write to the main resource (Update, Patch) and, for a custom resource,
// everything but .status in a write to the status subresource
// (Status().Update, Status().Patch); the built-in kinds' status writes
// reset the spec but keep most metadata changes.
// A write whose object was changed, since it was last read or written,
// only in the part its writer ignores silently drops the change. Use
// Status().Update for status, Update for spec and metadata.
package statuswriter
