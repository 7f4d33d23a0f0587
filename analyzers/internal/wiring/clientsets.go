package wiring

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// This file is what the code asks of the API server through client-go's
// typed clientsets (kubernetes.NewForConfig(cfg).CoreV1().Nodes().List):
// the same role as the manager's client needs it when the clientset is
// made from the manager's own configuration. A clientset is followed
// exactly, from the call back to its constructor and from the
// constructor's config back to mgr.GetConfig() (or the config a manager
// is made from: ctrl.GetConfigOrDie(), rest.InClusterConfig()); through
// locals, closures, parameters of unexported functions and struct fields
// the package, or the one that fills them, stores into. A clientset made
// from any other config (a workload cluster's kubeconfig) or one whose
// origin is not seen asks nothing of the manager's role.

// The prefixes of Request.Via and of the fills that stand for a typed
// clientset field and a *rest.Config field: kept apart from client
// fields, since a field of these no code fills is no one's (ViaManager).
const (
	clientsetVia = "clientset!"
	configVia    = "config!"
)

// typedCall adds the request of a typed client's method call, and
// reports whether call is one.
func (col *collector) typedCall(call ssa.CallInstruction) bool {
	cc := call.Common()
	var recv ssa.Value
	var name string
	switch {
	case cc.IsInvoke():
		recv, name = cc.Value, cc.Method.Name()
	default:
		fn := crapi.Callee(cc)
		if fn == nil || len(cc.Args) == 0 {
			return false
		}
		if sig, ok := fn.Type().(*types.Signature); !ok || sig.Recv() == nil {
			return false
		}
		recv, name = cc.Args[0], fn.Name()
	}
	v, obj, ok := knowledge.TypedClientCall(recv.Type(), name)
	if !ok {
		return false
	}
	ok, via := col.clientsetOrigin(recv, 0)
	if !ok {
		return true // another cluster's, or not known: nothing is charged
	}
	col.via = via
	defer func() { col.via = "" }()
	r, known := col.markers.ResourceOf(obj)
	if !known {
		return true
	}
	col.addRequest(Request{Resource: r, Sub: v.Sub, Access: Access(v.Verb), Direct: true, What: name}, call)
	return true
}

// clientsetOrigin reports whether the typed client or clientset v is made
// from the manager's configuration, and on what condition (a field,
// Request.Via): see the file comment.
func (col *collector) clientsetOrigin(v ssa.Value, depth int) (bool, string) {
	if depth > 8 || v == nil {
		return false, ""
	}
	switch v := ssaflow.Strip(v).(type) {
	case *ssa.Call:
		cc := v.Common()
		fn := crapi.Callee(cc)
		if fn == nil {
			return false, ""
		}
		if _, kind, ok := knowledge.ConstructorFunc(fn); ok && kind == knowledge.Clientset {
			args := crapi.CallArgs(cc)
			if len(args) == 0 {
				return false, ""
			}
			return col.configOrigin(args[0], depth+1)
		}
		// An accessor: CoreV1(), Nodes(), Pods(ns): the client it is
		// called on.
		if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil && isClientsetType(sig.Recv().Type()) && isClientsetType(v.Type()) {
			return col.clientsetOrigin(crapi.Receiver(cc), depth+1)
		}
	case *ssa.Extract:
		return col.clientsetOrigin(v.Tuple, depth+1)
	default:
		return col.origin(v, depth, clientsetVia, col.clientsetOrigin)
	}
	return false, ""
}

// configOrigin reports whether the *rest.Config v is the manager's (see
// the file comment), and on what condition.
func (col *collector) configOrigin(v ssa.Value, depth int) (bool, string) {
	if depth > 8 || v == nil {
		return false, ""
	}
	switch v := ssaflow.Strip(v).(type) {
	case *ssa.Call:
		cc := v.Common()
		var obj types.Object
		if fn := crapi.Callee(cc); fn != nil {
			obj = fn
		} else if ld, ok := cc.Value.(*ssa.UnOp); ok {
			if g, ok := ld.X.(*ssa.Global); ok {
				obj = g.Object() // ctrl.GetConfigOrDie, a variable
			}
		}
		if obj == nil {
			return false, ""
		}
		switch knowledge.ConfigSource(obj) {
		case knowledge.ManagersConfig:
			return true, ""
		case knowledge.ConfigCopy:
			if args := crapi.CallArgs(cc); len(args) > 0 {
				return col.configOrigin(args[0], depth+1)
			}
		}
		// mgr.GetConfig(), cluster.GetConfig().
		if obj.Name() == "GetConfig" && obj.Pkg() != nil && strings.HasPrefix(obj.Pkg().Path(), crapi.CtrlPkg+"/pkg/") {
			return true, ""
		}
	case *ssa.Extract:
		return col.configOrigin(v.Tuple, depth+1)
	default:
		return col.origin(v, depth, configVia, col.configOrigin)
	}
	return false, ""
}

// origin follows v, a value that is not a call, back to where it is
// made, with follow for each value it may be: a field is a condition
// (prefix and its key), unless its struct never leaves the function.
func (col *collector) origin(v ssa.Value, depth int, prefix string, follow func(ssa.Value, int) (bool, string)) (bool, string) {
	all := func(vs []ssa.Value) (bool, string) {
		if len(vs) == 0 {
			return false, ""
		}
		via := ""
		for _, e := range vs {
			ok, w := follow(e, depth+1)
			if !ok {
				return false, ""
			}
			if via == "" {
				via = w
			}
		}
		return true, via
	}
	switch v := v.(type) {
	case *ssa.UnOp:
		if stored := localField(v.X); len(stored) > 0 {
			return all(stored)
		}
		if key := ssaflow.FieldKey(v.X); key != "" {
			return true, prefix + key
		}
		if v.Op == token.MUL {
			switch x := v.X.(type) {
			case *ssa.Alloc, *ssa.FreeVar:
				return follow(x, depth+1)
			case *ssa.Call:
				return follow(x, depth+1) // *mgr.GetConfig(): a copy
			}
		}
	case *ssa.Alloc:
		var stored []ssa.Value
		for _, ref := range *v.Referrers() {
			if st, ok := ref.(*ssa.Store); ok && st.Addr == v {
				stored = append(stored, st.Val)
			}
		}
		return all(stored)
	case *ssa.FreeVar:
		if b := ssaflow.Binding(v); b != nil {
			return follow(b, depth+1)
		}
	case *ssa.Phi:
		return all(v.Edges)
	case *ssa.Parameter:
		fn := v.Parent()
		obj, _ := fn.Object().(*types.Func)
		if fn.Parent() != nil || obj == nil || obj.Exported() {
			return false, "" // given by code not followed
		}
		i := ssaflow.ParamIndex(fn, v)
		var args []ssa.Value
		for _, call := range col.callers[fn] {
			a := call.Common().Args
			if i < 0 || i >= len(a) {
				return false, ""
			}
			args = append(args, a[i])
		}
		return all(args)
	}
	return false, ""
}

// isClientsetType reports whether t is a clientset or a typed client of
// client-go or of a generated clientset (kubernetes.Interface,
// *kubernetes.Clientset, corev1.CoreV1Interface, corev1.NodeInterface).
func isClientsetType(t types.Type) bool {
	n := crapi.Named(t)
	if n == nil || n.Obj().Pkg() == nil {
		return false
	}
	p := n.Obj().Pkg().Path()
	return p == "k8s.io/client-go/kubernetes" || strings.HasSuffix(p, "/clientset/versioned") || knowledge.IsTypedClientPkg(p)
}

// isRESTConfig reports whether t is *rest.Config.
func isRESTConfig(t types.Type) bool {
	return crapi.IsNamed(t, "k8s.io/client-go/rest", "Config")
}
