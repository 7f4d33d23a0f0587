// Package webhookpath defines an Analyzer that reports a kubebuilder
// webhook marker that does not match the webhook the code serves.
//
// # Analyzer webhookpath
//
// webhookpath: report a webhook marker whose path nobody serves, or whose values the API server refuses
//
// controller-gen writes the admission webhook configuration from
// +kubebuilder:webhook markers; controller-runtime's webhook builder
// serves each webhook at a path it derives from the kind:
//
//	/mutate-<group with dashes>-<version>-<lower-case kind>
//	/validate-<group with dashes>-<version>-<lower-case kind>
//
// A marker whose path differs from the one the package's builder chain
// serves for the kind its rules name (a renamed kind, a new version, a
// copied marker), or that asks for a defaulting webhook the chain does
// not register, sends every admission request to a path nobody serves:
// the API server gets a 404 and, with failurePolicy=fail, refuses every
// create and update of the kind. A sideEffects other than None or
// NoneOnDryRun, or admissionReviewVersions without v1 or v1beta1, makes
// the API server refuse the configuration itself. The suggested fix
// writes the path the chain serves.
package webhookpath
