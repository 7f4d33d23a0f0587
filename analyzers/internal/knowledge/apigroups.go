package knowledge

import "strings"

// builtinGroups maps the directory of k8s.io/api/<dir>/<version> to its
// API group (the GroupName constant of its register.go, v0.37). An
// analysis reads the constant when the package is imported; a package
// that only reaches the type through another's signature (a typed
// clientset's Deployments() returns *appsv1.Deployment) has no constant
// in its export data, so the group is looked up here. A test checks
// each row against the real constant.
var builtinGroups = map[string]string{
	"admission":             "admission.k8s.io",
	"admissionregistration": "admissionregistration.k8s.io",
	"apidiscovery":          "apidiscovery.k8s.io",
	"apiserverinternal":     "internal.apiserver.k8s.io",
	"apps":                  "apps",
	"authentication":        "authentication.k8s.io",
	"authorization":         "authorization.k8s.io",
	"autoscaling":           "autoscaling",
	"batch":                 "batch",
	"certificates":          "certificates.k8s.io",
	"coordination":          "coordination.k8s.io",
	"core":                  "",
	"discovery":             "discovery.k8s.io",
	"events":                "events.k8s.io",
	"extensions":            "extensions",
	"flowcontrol":           "flowcontrol.apiserver.k8s.io",
	"imagepolicy":           "imagepolicy.k8s.io",
	"lifecycle":             "lifecycle.k8s.io",
	"networking":            "networking.k8s.io",
	"node":                  "node.k8s.io",
	"policy":                "policy",
	"rbac":                  "rbac.authorization.k8s.io",
	"resource":              "resource.k8s.io",
	"scheduling":            "scheduling.k8s.io",
	"storage":               "storage.k8s.io",
	"storagemigration":      "storagemigration.k8s.io",
}

// BuiltinGroup returns the API group of a package k8s.io/api/<dir>/<v>.
func BuiltinGroup(path string) (string, bool) {
	rest, ok := strings.CutPrefix(path, "k8s.io/api/")
	if !ok {
		return "", false
	}
	dir, _, ok := strings.Cut(rest, "/")
	if !ok {
		return "", false
	}
	g, ok := builtinGroups[dir]
	return g, ok
}

// BuiltinGroupDirs returns the table's directories, for tests.
func BuiltinGroupDirs() []string {
	out := make([]string, 0, len(builtinGroups))
	for d := range builtinGroups {
		out = append(out, d)
	}
	return out
}

// What a blocking owner reference needs of its owner's resource: the
// OwnerReferencesPermissionEnforcement admission plugin (on in OpenShift)
// refuses a write that sets an owner reference with blockOwnerDeletion:
// true, new or newly blocking, unless the writer may update the owner's
// finalizers subresource (kubernetes/plugin/pkg/admission/gc/
// gc_admission.go, Admit).
const (
	BlockingOwnerSub  = "finalizers"
	BlockingOwnerVerb = "update"
)
