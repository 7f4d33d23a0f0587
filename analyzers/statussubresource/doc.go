// Package statussubresource defines an Analyzer that reports writes of
// the status subresource of a custom resource whose CRD has none
// (catalogue item C7).
//
// # Analyzer statussubresource
//
// statussubresource: report a status write of a custom resource whose type lacks the status subresource marker
//
// r.Status().Update and r.Status().Patch (and SubResource("status")
// writes) send the object to the /status subresource of its resource.
// controller-gen gives a CRD that subresource only for a type marked
// // +kubebuilder:subresource:status; without it the API server answers
// 404 Not Found to every status write, and the status is never saved.
// Add the marker to the type and regenerate the CRD (make manifests), or,
// if the status is meant to live in the main resource, write it with
// Update or Patch.
package statussubresource
