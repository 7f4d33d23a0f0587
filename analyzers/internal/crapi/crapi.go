package crapi

import (
	"go/types"
	"strings"
)

// Package paths of the APIs recognised by this package.
const (
	CtrlPkg           = "sigs.k8s.io/controller-runtime"
	ClientPkg         = "sigs.k8s.io/controller-runtime/pkg/client"
	ReconcilePkg      = "sigs.k8s.io/controller-runtime/pkg/reconcile"
	BuilderPkg        = "sigs.k8s.io/controller-runtime/pkg/builder"
	HandlerPkg        = "sigs.k8s.io/controller-runtime/pkg/handler"
	PredicatePkg      = "sigs.k8s.io/controller-runtime/pkg/predicate"
	ControllerutilPkg = "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	FinalizerPkg      = "sigs.k8s.io/controller-runtime/pkg/finalizer"
	APIErrorsPkg      = "k8s.io/apimachinery/pkg/api/errors"
	WebhookPkg        = "sigs.k8s.io/controller-runtime/pkg/webhook"
)

// IsFunc reports whether fn is the package-level function pkg.name.
func IsFunc(fn *types.Func, pkg, name string) bool {
	if fn == nil || fn.Pkg() == nil || fn.Name() != name || fn.Pkg().Path() != pkg {
		return false
	}
	return fn.Signature().Recv() == nil
}

// IsFuncIn reports whether fn is a package-level function of pkg whose name
// is one of names.
func IsFuncIn(fn *types.Func, pkg string, names ...string) bool {
	for _, n := range names {
		if IsFunc(fn, pkg, n) {
			return true
		}
	}
	return false
}

// Named returns the named type (or alias target) behind t, looking through
// one pointer, and its generic origin; nil if there is none.
func Named(t types.Type) *types.Named {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	if n, ok := t.(*types.Named); ok {
		return n.Origin()
	}
	return nil
}

// IsNamed reports whether t (or *t) is the named type pkg.name, generic
// instantiations included (TypedBuilder[R] is TypedBuilder).
func IsNamed(t types.Type, pkg, name string) bool {
	n := Named(t)
	if n == nil || n.Obj().Pkg() == nil {
		return false
	}
	return n.Obj().Name() == name && n.Obj().Pkg().Path() == pkg
}

// IsError reports whether t is the predeclared error type.
func IsError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// IsBool reports whether t is a boolean type (bool, or a type defined on
// it).
func IsBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool {
	return IsNamed(t, "context", "Context")
}

// IsResult reports whether t is reconcile.Result (ctrl.Result is an alias).
func IsResult(t types.Type) bool {
	if _, ok := types.Unalias(t).(*types.Pointer); ok {
		return false
	}
	return IsNamed(t, ReconcilePkg, "Result")
}

// TypeString renders t qualified by package name only (corev1.Pod is
// printed as v1.Pod), the way users read types in messages.
func TypeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// ObjectTypeString renders the type of a Kubernetes object argument the way
// it is written in a builder call: &appsv1.Deployment{} prints as
// "Deployment" qualified by its package name.
func ObjectTypeString(t types.Type) string {
	s := TypeString(t)
	return strings.TrimPrefix(s, "*")
}

// IsMethod reports whether fn is the method name of the named type recv of
// package pkg (value or pointer receiver).
func IsMethod(fn *types.Func, pkg, recv, name string) bool {
	if fn == nil || fn.Name() != name || fn.Pkg() == nil || fn.Pkg().Path() != pkg {
		return false
	}
	r := fn.Signature().Recv()
	if r == nil {
		return false
	}
	t := r.Type()
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	return IsNamed(t, pkg, recv)
}

// MergeFromLock is the client option that makes a merge patch carry the
// object's resourceVersion, so that it fails with a conflict rather than
// overwrite lists (finalizers, owner references) changed in between.
const MergeFromLock = "MergeFromWithOptimisticLock"

// MergeFromExpr is the source of a merge patch from base, client being the
// name of controller-runtime's client package in the file, with the
// optimistic lock when lock is set.
func MergeFromExpr(client, base string, lock bool) string {
	if lock {
		return client + ".MergeFromWithOptions(" + base + ", " + client + "." + MergeFromLock + "{})"
	}
	return client + ".MergeFrom(" + base + ")"
}

// FuncName names fn as code in package from would write it in a message:
// "Ensure", "Remover.Remove", "finalizers.Ensure" for another package's.
func FuncName(from *types.Package, fn *types.Func) string {
	name := fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		if n := Named(recv.Type()); n != nil {
			name = n.Obj().Name() + "." + name
		}
	}
	if fn.Pkg() != nil && fn.Pkg() != from {
		name = fn.Pkg().Name() + "." + name
	}
	return name
}
