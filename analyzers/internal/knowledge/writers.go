package knowledge

import (
	"go/constant"
	"go/types"
	"strings"
)

// This file says who else writes objects of the built-in kinds: the
// Kubernetes component (a controller of kube-controller-manager, the
// kubelet, an API server) that writes a part of every such object while
// it exists, besides the controller that made it. A whole-object Update
// of a stale copy conflicts with each of its writes.

// Writer is one row: objects of the type Pkg.Type are written by Writer,
// which writes their Part ("status"), when the object meets When (nil:
// always). A row with no Writer says that nothing but the object's
// creator and its users is known to write such objects.
type Writer struct {
	Pkg, Type string
	Writer    string
	Part      string
	When      *Condition
	// Busy: the writer keeps writing while the object exists (the
	// status follows pods or heartbeats), not once in a while, so that
	// the type alone makes a conflict of a stale copy likely.
	Busy bool
}

// Condition restricts a row to the objects whose field at Field (Go
// field names from the object: Spec, Type) holds the constant Value.
type Condition struct {
	Field []string
	Value string
	// Name is the field as the API names it, for messages: spec.type.
	Name string
}

const (
	appsV1   = "k8s.io/api/apps/v1"
	batchV1  = "k8s.io/api/batch/v1"
	coreV1   = "k8s.io/api/core/v1"
	netV1    = "k8s.io/api/networking/v1"
	rbacV1   = "k8s.io/api/rbac/v1"
	policyV1 = "k8s.io/api/policy/v1"
	hpaV2    = "k8s.io/api/autoscaling/v2"
	hpaV1    = "k8s.io/api/autoscaling/v1"
	crdV1    = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

var writers = []Writer{
	{Pkg: appsV1, Type: "Deployment", Writer: "the deployment controller", Part: "status", Busy: true},
	{Pkg: appsV1, Type: "StatefulSet", Writer: "the statefulset controller", Part: "status", Busy: true},
	{Pkg: appsV1, Type: "DaemonSet", Writer: "the daemonset controller", Part: "status", Busy: true},
	{Pkg: appsV1, Type: "ReplicaSet", Writer: "the replicaset controller", Part: "status", Busy: true},
	{Pkg: batchV1, Type: "Job", Writer: "the job controller", Part: "status", Busy: true},
	{Pkg: batchV1, Type: "CronJob", Writer: "the cronjob controller", Part: "status"},
	{Pkg: coreV1, Type: "Pod", Writer: "the kubelet", Part: "status", Busy: true},
	{Pkg: coreV1, Type: "Node", Writer: "the kubelet", Part: "status", Busy: true},
	// The persistent volume controller binds a claim (spec.volumeName)
	// and writes its status; a volume, its claimRef and status.
	{Pkg: coreV1, Type: "PersistentVolumeClaim", Writer: "the persistent volume controller", Part: "spec.volumeName and status", Busy: true},
	{Pkg: coreV1, Type: "PersistentVolume", Writer: "the persistent volume controller", Part: "spec.claimRef and status"},
	{Pkg: coreV1, Type: "ResourceQuota", Writer: "the resource quota controller", Part: "status", Busy: true},
	// The service controller (cloud controller manager) writes the
	// status, and a finalizer, of a LoadBalancer Service only; the
	// endpoints controllers write Endpoints and EndpointSlices, not the
	// Service.
	{Pkg: coreV1, Type: "Service", Writer: "the service controller", Part: "status",
		When: &Condition{Field: []string{"Spec", "Type"}, Value: "LoadBalancer", Name: "spec.type"}},
	// The token controller fills the data of a Secret of type
	// service-account-token.
	{Pkg: coreV1, Type: "Secret", Writer: "the token controller", Part: "data",
		When: &Condition{Field: []string{"Type"}, Value: "kubernetes.io/service-account-token", Name: "type"}},
	{Pkg: netV1, Type: "Ingress", Writer: "the ingress controller", Part: "status"},
	{Pkg: policyV1, Type: "PodDisruptionBudget", Writer: "the disruption controller", Part: "status", Busy: true},
	{Pkg: hpaV2, Type: "HorizontalPodAutoscaler", Writer: "the horizontal pod autoscaler", Part: "status", Busy: true},
	{Pkg: hpaV1, Type: "HorizontalPodAutoscaler", Writer: "the horizontal pod autoscaler", Part: "status", Busy: true},
	{Pkg: crdV1, Type: "CustomResourceDefinition", Writer: "the apiextensions API server", Part: "status"},

	// No other writer (a Secret of another type than the token's, above,
	// neither). A ServiceAccount: since Kubernetes 1.24 the token
	// controller no longer adds token Secrets to it.
	{Pkg: coreV1, Type: "ConfigMap"},
	// The namespace controller writes the conditions and finalizers of a
	// namespace only while it is being deleted: nothing in steady state
	// (worker-operator's labels on namespaces).
	{Pkg: coreV1, Type: "Namespace"},
	{Pkg: coreV1, Type: "ServiceAccount"},
	{Pkg: coreV1, Type: "LimitRange"},
	{Pkg: netV1, Type: "NetworkPolicy"},
	{Pkg: rbacV1, Type: "Role"},
	{Pkg: rbacV1, Type: "RoleBinding"},
	{Pkg: rbacV1, Type: "ClusterRoleBinding"},
}

// Writers returns the rows of the named type t, and whether t is in the
// table at all: known with no rows with a Writer means nothing else is
// known to write such objects.
func Writers(t *types.Named) (rows []Writer, known bool) {
	if t == nil || t.Obj().Pkg() == nil {
		return nil, false
	}
	path, name := t.Obj().Pkg().Path(), t.Obj().Name()
	for _, w := range writers {
		if w.Pkg == path && w.Type == name {
			known = true
			if w.Writer != "" {
				rows = append(rows, w)
			}
		}
	}
	return rows, known
}

// WriterRows returns the whole table, for tests.
func WriterRows() []Writer { return append([]Writer(nil), writers...) }

// BuiltinAPI reports whether path is a package of the built-in kinds:
// k8s.io/api's, or one of a table row.
func BuiltinAPI(path string) bool {
	if strings.HasPrefix(path, "k8s.io/api/") {
		return true
	}
	for _, w := range writers {
		if w.Pkg == path {
			return true
		}
	}
	return false
}

// APIGroup returns the API group an API package declares by the
// convention of Kubernetes' code generators: a string constant GroupName
// in the package or, for the versioned packages of a group
// (.../apis/<group>/v1), in its parent package among the package's
// imports; "" when neither has one.
func APIGroup(pkg *types.Package) string {
	if pkg == nil {
		return ""
	}
	if g := groupName(pkg); g != "" {
		return g
	}
	parent := pkg.Path()
	if i := strings.LastIndex(parent, "/"); i > 0 {
		parent = parent[:i]
	}
	for _, imp := range pkg.Imports() {
		if imp.Path() == parent {
			return groupName(imp)
		}
	}
	return ""
}

func groupName(pkg *types.Package) string {
	c, ok := pkg.Scope().Lookup("GroupName").(*types.Const)
	if !ok || c.Val().Kind() != constant.String {
		return ""
	}
	return constant.StringVal(c.Val())
}

// Resolve returns the field the condition is about in objects of type t
// (a named struct or a pointer to one), or nil when the path does not
// lead to a field.
func (c *Condition) Resolve(t types.Type) *types.Var {
	if c == nil || len(c.Field) == 0 {
		return nil
	}
	var field *types.Var
	for _, name := range c.Field {
		t = types.Unalias(t)
		if p, ok := t.(*types.Pointer); ok {
			t = types.Unalias(p.Elem())
		}
		if t == nil {
			return nil
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return nil
		}
		field = nil
		for f := range st.Fields() {
			if f.Name() == name && !f.Embedded() {
				field = f
			}
		}
		if field == nil {
			return nil
		}
		t = field.Type()
	}
	return field
}

// Holds reports whether the constant v is the condition's value.
func (c *Condition) Holds(v constant.Value) bool {
	return c != nil && v != nil && v.Kind() == constant.String && constant.StringVal(v) == c.Value
}
