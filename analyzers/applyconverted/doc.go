// Package applyconverted defines an Analyzer that reports server-side
// apply of an object converted whole from a typed Go struct (catalogue
// item D13).
//
// # Analyzer applyconverted
//
// applyconverted: report server-side apply of an unstructured object converted from a typed struct, which makes the manager own every zero-valued field
//
// Server-side apply makes the field manager the owner of every field the
// applied object holds, and takes them over from other managers when it
// forces. runtime.DefaultUnstructuredConverter.ToUnstructured serialises
// a typed struct whole: each field without omitempty comes out with its
// zero value (a zero port, an empty resources block), so the apply claims
// fields the code never meant to set: with ForceOwnership it resets other
// controllers' and users' values there on every apply, without it the
// apply fails with a conflict once another manager sets one. The check
// reports a Patch with client.Apply, or client.Client.Apply of
// client.ApplyConfigurationFromUnstructured, of an unstructured object
// whose content was converted from a typed struct, directly or through the
// module's helpers that convert or apply (in this package or another).
// An object pruned after the conversion (RemoveNestedField, delete) is not
// reported. Build the object with the apply configurations of
// k8s.io/client-go/applyconfigurations (or the module's generated ones),
// or an unstructured holding only the intended fields.
package applyconverted
