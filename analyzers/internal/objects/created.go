package objects

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// CreatesOwned reports whether the code of this package, or of a package
// of the module it imports, both creates objects of type t (client
// Create, CreateOrUpdate/CreateOrPatch, server-side apply) and gives
// objects of that type owner references: the objects of t it updates are
// most likely its own children. False when t has no key (an interface,
// unstructured) or ownership is not known.
func (r *Result) CreatesOwned(t types.Type) bool {
	if r.own == nil {
		return false
	}
	keys := TypeKeys(t)
	if len(keys) == 0 {
		return false
	}
	owned := false
	for _, k := range keys {
		if _, ok := r.own.owners[k]; ok {
			owned = true
		}
	}
	if !owned {
		return false
	}
	creates := func(o *Ownership) bool {
		if o == nil {
			return false
		}
		for _, c := range o.Creates {
			for _, k := range keys {
				if c == k {
					return true
				}
			}
		}
		return false
	}
	if creates(r.own.pkg) {
		return true
	}
	for _, o := range r.own.imported {
		if creates(o) {
			return true
		}
	}
	return false
}

// CreatesIn reports whether the function fn (the function declaring it,
// for a function literal) creates objects of type t, itself or through
// the module's functions it calls: a get-or-create that makes the object
// when its fetch finds none.
func (r *Result) CreatesIn(fn *ssa.Function, t types.Type) bool {
	if r.own == nil || fn == nil {
		return false
	}
	m := r.own.creates[rootObj(fn)]
	for _, k := range TypeKeys(t) {
		if m[k] {
			return true
		}
	}
	return false
}
