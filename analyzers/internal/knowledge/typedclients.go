package knowledge

import (
	"go/types"
	"strings"
)

// TypedVerb is what one method of a typed client (client-gen's
// <Kind>Interface: clientset.CoreV1().Nodes()) asks of the API server.
type TypedVerb struct {
	Verb string // the RBAC verb: get, list, watch, create, ...
	Sub  string // "status" for UpdateStatus and ApplyStatus
}

// typedVerbs is the table of client-gen's methods (k8s.io/client-go
// gentype/type.go: Client, ClientWithList, ClientWithApply and their
// status methods; every typed client of k8s.io/client-go and of a
// generated clientset embeds them). Patch is left out: its variadic
// subresources decide what it writes, and a scale or status patch is not
// the object's. The methods the clients add by hand (Pods(ns).GetLogs,
// Evict, Bind) are not followed.
var typedVerbs = map[string]TypedVerb{
	"Get":              {Verb: "get"},
	"List":             {Verb: "list"},
	"Watch":            {Verb: "watch"},
	"Create":           {Verb: "create"},
	"Update":           {Verb: "update"},
	"UpdateStatus":     {Verb: "update", Sub: "status"},
	"Delete":           {Verb: "delete"},
	"DeleteCollection": {Verb: "deletecollection"},
	"Apply":            {Verb: "patch"},
	"ApplyStatus":      {Verb: "patch", Sub: "status"},
}

// IsTypedClientPkg reports whether path is a package of typed clients:
// k8s.io/client-go/kubernetes/typed/<group>/<version>, or a generated
// clientset's .../clientset/versioned/typed/<group>/<version>.
func IsTypedClientPkg(path string) bool {
	return strings.HasPrefix(path, "k8s.io/client-go/kubernetes/typed/") || strings.Contains(path, "/clientset/versioned/typed/")
}

// TypedClientCall tells what calling the method name on a value of type
// recv asks, and the API type it is about: recv must be a typed client,
// an interface or type <Kind>Interface (or *<kind>s, its implementation)
// declared in a typed client package; the type is the object its Get
// returns (*corev1.Node for NodeInterface), so a List is charged to the
// kind, not to the list type.
func TypedClientCall(recv types.Type, name string) (TypedVerb, types.Type, bool) {
	v, ok := typedVerbs[name]
	if !ok {
		return TypedVerb{}, nil, false
	}
	t := recv
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil || !IsTypedClientPkg(n.Obj().Pkg().Path()) {
		return TypedVerb{}, nil, false
	}
	get, _, _ := types.LookupFieldOrMethod(recv, true, n.Obj().Pkg(), "Get")
	gf, ok := get.(*types.Func)
	if !ok {
		return TypedVerb{}, nil, false
	}
	gs := gf.Type().(*types.Signature)
	if gs.Results().Len() != 2 || gs.Params().Len() != 3 {
		return TypedVerb{}, nil, false
	}
	// Get(ctx, name string, opts metav1.GetOptions) (*T, error).
	if b, ok := gs.Params().At(1).Type().(*types.Basic); !ok || b.Kind() != types.String {
		return TypedVerb{}, nil, false
	}
	return v, gs.Results().At(0).Type(), true
}
