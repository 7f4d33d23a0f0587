// Package apimarkers reads the kubebuilder markers of the user's module
// with controller-gen's own parser (sigs.k8s.io/controller-tools), so that
// the syntax accepted and where a marker belongs are exactly what
// controller-gen decides: the API group, kinds, plurals and status
// subresources of an API package, and the RBAC rules of any package.
//
// Its result answers, for the analysed package and for every package of
// the module it imports (through a package fact), what their markers say:
// a check asks for the markers of the package that declares a type.
//
// # Markers read
//
// controller-tools' markers package and controller-gen's own definitions:
// +groupName, +versionName, +kubebuilder:object:root,
// +kubebuilder:subresource:status, +kubebuilder:resource,
// +kubebuilder:rbac (an rbac marker inside a function's godoc is not
// collected, as controller-gen does not). The webhook markers
// (+kubebuilder:webhook, controller-gen's webhook.ConfigDefinition) and
// the immutability rules (a field's
// +kubebuilder:validation:XValidation:rule="self == oldSelf") are read by
// collectors of their own, so that a malformed one costs only them.
//
// # Entry points
//
// [Of] gives the [Result]. [Result.KindOf] gives a type's [Kind] (plural,
// status subresource, scope); [Result.Scope] whether a kind, built-in
// or the module's, is cluster-scoped, and whether that is known
// (ownerscope, listnamespace); [Result.StatusSubresource] answers for the
// built-in kinds too (knowledge.BuiltinStatusSubresource) and says when
// it does not know; [Result.ResourceOf] gives the RBAC group and resource
// of a module kind or a built-in one (GroupName of its k8s.io/api
// package, the plural of package plural), [Result.VersionKindOf] its API
// version and kind; [Result.Immutable] the fields the API server keeps
// from changing (in the package fact). The [Package]'s Webhooks are the
// analysed package's webhook markers (path, rules, sideEffects,
// admissionReviewVersions, position and text), not carried by the fact.
//
// [ModuleRules] gives the rbac rules of the whole module (every package
// directory, parsed once per process and module root, as controller-gen's
// paths=./... sees them). [RoleDeployed] says whether the module's build
// generates the role from them (a controller-gen rbac:roleName= in a
// Makefile, make include, script, Taskfile or go:generate line) and a
// manifest, chart template or Go file names that role (a binding's
// roleRef), searched only when a check asks; a manifest or template (not a
// role.yaml) that defines a Role or ClusterRole of that name with rules on
// a resource no marker names opens the answer (false: what is deployed is
// that definition, not the markers; ydb-kubernetes-operator's chart), a
// binding or a copy of the generated role does not.
//
// [InputsDigest] is a digest of what those two read (the generator's
// lines, each rbac marker file's marker lines and whether it parses, the
// files that name the generated role), recorded by the very functions that
// read them, so that it follows them; the command passes it to go vet
// through registry.InputsDigest (-inputs-digest), so that a change to
// those files alone changes the cached results.
package apimarkers
