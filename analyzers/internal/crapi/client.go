package crapi

import (
	"go/types"
	"runtime"
	"sync"
	"weak"
)

// ClientMethod names a method of controller-runtime's client interfaces.
type ClientMethod string

// The client methods whose calls reach the API server (or the cache).
const (
	Get         ClientMethod = "Get"
	List        ClientMethod = "List"
	Create      ClientMethod = "Create"
	Update      ClientMethod = "Update"
	Patch       ClientMethod = "Patch"
	Apply       ClientMethod = "Apply"
	Delete      ClientMethod = "Delete"
	DeleteAllOf ClientMethod = "DeleteAllOf"
)

// ClientCall describes a recognised call of a client method.
type ClientCall struct {
	Method ClientMethod
	// SubResource is true for a status or other subresource writer or
	// reader (c.Status().Update, c.SubResource("scale").Get).
	SubResource bool
}

// IsWrite reports whether the call changes state on the API server.
func (c ClientCall) IsWrite() bool {
	switch c.Method {
	case Get, List:
		return false
	}
	return true
}

// clientIfaces maps each client interface to whether it is a subresource
// interface.
var clientIfaces = map[string]bool{
	"Reader":            false,
	"Writer":            false,
	"Client":            false,
	"WithWatch":         false,
	"StatusClient":      false,
	"SubResourceClient": true,
	"SubResourceWriter": true,
	"SubResourceReader": true,
	"StatusWriter":      true,
}

var clientMethods = map[string]ClientMethod{
	"Get": Get, "List": List, "Create": Create, "Update": Update, "Patch": Patch,
	"Apply": Apply, "Delete": Delete, "DeleteAllOf": DeleteAllOf,
}

// ClientCallOf recognises fn, called on a receiver of type recv, as a client
// method. fn is either a method of one of the client interfaces (a call
// through r.Client, an embedded client.Client, a client.Writer field,
// mgr.GetClient()) or a method of a concrete type that implements the
// corresponding client interface (a fake, a user's wrapping client).
func ClientCallOf(fn *types.Func, recv types.Type) (ClientCall, bool) {
	if fn == nil {
		return ClientCall{}, false
	}
	m, ok := clientMethods[fn.Name()]
	if !ok {
		return ClientCall{}, false
	}
	sig := fn.Signature()
	if sig.Recv() == nil {
		return ClientCall{}, false
	}
	if fn.Pkg() != nil && fn.Pkg().Path() == ClientPkg {
		if n := Named(sig.Recv().Type()); n != nil {
			if sub, ok := clientIfaces[n.Obj().Name()]; ok {
				return ClientCall{Method: m, SubResource: sub}, true
			}
		}
	}
	// A concrete type, or an interface of the user's: it is a client if it
	// implements the client interface that declares this method.
	if recv == nil || fn.Pkg() == nil {
		return ClientCall{}, false
	}
	for _, iface := range []struct {
		name string
		sub  bool
	}{{"Reader", false}, {"Writer", false}, {"SubResourceWriter", true}, {"SubResourceReader", true}} {
		it := LookupType(fn.Pkg(), ClientPkg, iface.name)
		if it == nil {
			continue
		}
		in, ok := it.Underlying().(*types.Interface)
		if !ok {
			continue
		}
		if hasMethod(in, fn.Name()) && (types.Implements(recv, in) || types.Implements(types.NewPointer(recv), in)) {
			return ClientCall{Method: m, SubResource: iface.sub}, true
		}
	}
	return ClientCall{}, false
}

func hasMethod(in *types.Interface, name string) bool {
	for m := range in.Methods() {
		if m.Name() == name {
			return true
		}
	}
	return false
}

// lookupCache memoises LookupType per (importing package, path, name).
// The importing package is held weakly and its entries go when it is
// collected: a long golangci-lint run must not keep the types of every
// package it analysed alive through this cache.
var lookupCache sync.Map // lookupKey -> types.Type (possibly nil)

type lookupKey struct {
	from       weak.Pointer[types.Package]
	path, name string
}

// LookupType finds the type path.name among the transitive imports of from
// (from itself included); nil if from does not depend on path.
func LookupType(from *types.Package, path, name string) types.Type {
	if from == nil {
		return nil
	}
	key := lookupKey{weak.Make(from), path, name}
	if v, ok := lookupCache.Load(key); ok {
		t, _ := v.(types.Type)
		return t
	}
	var result types.Type
	p := FindImport(from, path)
	if p != nil {
		if obj, ok := p.Scope().Lookup(name).(*types.TypeName); ok {
			result = obj.Type()
		}
	}
	if p == from {
		return result // cached, the value would keep its own key alive
	}
	if _, loaded := lookupCache.LoadOrStore(key, result); !loaded {
		runtime.AddCleanup(from, func(k lookupKey) { lookupCache.Delete(k) }, key)
	}
	return result
}

// FindImport returns the package path among the transitive imports of
// from (from itself included), or nil.
func FindImport(from *types.Package, path string) *types.Package {
	seen := map[*types.Package]bool{}
	queue := []*types.Package{from}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if p == nil || seen[p] {
			continue
		}
		seen[p] = true
		if p.Path() == path {
			return p
		}
		queue = append(queue, p.Imports()...)
	}
	return nil
}

// HasObjectDeepCopy reports whether a value of type t (addressable) has a
// DeepCopy method whose result is a client.Object, as client.MergeFrom
// needs: the generated deep copy of an object type.
func HasObjectDeepCopy(from *types.Package, t types.Type) bool {
	objType := LookupType(from, ClientPkg, "Object")
	if t == nil || objType == nil {
		return false
	}
	objIface, ok := objType.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	m, _, _ := types.LookupFieldOrMethod(t, true, from, "DeepCopy")
	fn, ok := m.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Signature()
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Implements(sig.Results().At(0).Type(), objIface)
}
