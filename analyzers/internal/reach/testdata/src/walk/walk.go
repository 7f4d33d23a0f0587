// Package walk is the reach graph's fixture: each root's line says which
// functions of the package Walk and WalkCalls reach from it.
package walk

import (
	"strings"

	ctrl "sigs.k8s.io/controller-runtime"
)

// The package refers to controller-runtime, or it would get no SSA form.
var _ = ctrl.Log

// Reconciler's methods run once a value of it is made.
type Reconciler struct{}

// Reconcile calls a helper.
func (r *Reconciler) Reconcile() { helper() }

// mapFunc is a method no other function calls.
func (r *Reconciler) mapFunc() {}

func helper() { _ = strings.ToUpper("x") }

func viaValue() {}

func viaClosure() {}

// Start makes a Reconciler, passes a function value and runs a closure:
// Walk reaches all the Reconciler's methods, WalkCalls none.
func Start() { // want `Walk: Start Start\$1 viaClosure run viaValue Reconcile helper mapFunc; imported: strings\.ToUpper` `WalkCalls: Start Start\$1 viaClosure run viaValue`
	r := &Reconciler{}
	run(viaValue)
	func() { viaClosure() }()
	_ = r
}

func run(f func()) { _ = f }

// Call calls one method of a Reconciler it is given: a parameter makes no
// value of the type, so neither walk reaches its other methods.
func Call(r *Reconciler) { // want `Walk: Call Reconcile helper; imported: strings\.ToUpper` `WalkCalls: Call Reconcile helper; imported: strings\.ToUpper`
	r.Reconcile()
}
