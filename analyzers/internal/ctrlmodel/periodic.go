package ctrlmodel

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// Periodic returns the first WatchesRawSource call of the controller's
// chains whose source enqueues on a timer, so that its requests come back
// on every tick whatever happens to them; nil if there is none. funcs are
// the package's source functions, where the code that feeds the source
// is looked for.
//
// A source is periodic when it is
//   - source.Channel (TypedChannel) of a channel (a local made in the
//     package, a field, a package variable) one of whose sends in funcs
//     runs periodically;
//   - a source.Func of a function of the package, or a value of a type of
//     the package whose Start method is in funcs, that adds to the queue
//     it is started with periodically (its own code or a closure it
//     starts).
//
// A send or an Add runs periodically when it is in a loop that waits on a
// timer to reach it, and on no other channel (a receive from time.Tick,
// time.After or a ticker's or timer's channel, the select case of one,
// or time.Sleep; a timer that is a select's timeout beside a case on
// another channel does not count), or in a function that wait.Until and its
// variants call on a period, or in a function called (3 levels up) from
// such a place. The timers are those of knowledge.Timer; nothing is
// recognised by name.
func (c *Controller) Periodic(funcs []*ssa.Function) *Call {
	if c == nil {
		return nil
	}
	p := &periodic{funcs: funcs}
	for _, ch := range c.Chains {
		for _, call := range ch.Find(WatchesRawSource) {
			if call.SSA == nil {
				continue
			}
			args := crapi.CallArgs(call.SSA.Common())
			if len(args) == 1 && p.source(args[0]) {
				return call
			}
		}
	}
	return nil
}

type periodic struct {
	funcs   []*ssa.Function
	callers map[*ssa.Function][]ssa.CallInstruction
}

// source reports whether the source value v enqueues periodically.
func (p *periodic) source(v ssa.Value) bool {
	if fn := sourceFunc(v); fn != nil {
		return len(fn.Params) == 2 && p.queue(fn.Params[1])
	}
	v = ssaflow.Strip(v)
	if call, ok := v.(*ssa.Call); ok {
		if ch, ok := crapi.SourceChannel(call.Common()); ok {
			return p.channel(ch)
		}
		return false
	}
	// A value of a type of the package with a Start method.
	if start := p.startMethod(v.Type()); start != nil && len(start.Params) == 3 {
		return p.queue(start.Params[2])
	}
	return false
}

// sourceFunc returns the function of the package that v, a
// source.Func(f) made into a Source, converts; nil otherwise.
func sourceFunc(v ssa.Value) *ssa.Function {
	for i := 0; i < 8; i++ {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
			continue
		case *ssa.ChangeType:
			if crapi.IsSourceFunc(x.Type()) {
				return ssaflow.FuncOf(x.X)
			}
			v = x.X
			continue
		}
		return nil
	}
	return nil
}

// sameFunc reports whether the function value v runs fn: fn itself, a
// closure of it, or the bound method value of fn (r.enqueueAll).
func sameFunc(v ssa.Value, fn *ssa.Function) bool {
	f := ssaflow.FuncOf(v)
	if f == nil {
		return false
	}
	if f == fn {
		return true
	}
	_, bound := v.(*ssa.MakeClosure)
	return bound && f.Synthetic != "" && f.Object() != nil && f.Object() == fn.Object()
}

// startMethod returns the Start method among funcs of the named type t
// (or *t), one with a context and a queue.
func (p *periodic) startMethod(t types.Type) *ssa.Function {
	n := crapi.Named(t)
	if n == nil {
		return nil
	}
	for _, fn := range p.funcs {
		recv := fn.Signature.Recv()
		if recv == nil || fn.Name() != "Start" || fn.Parent() != nil {
			continue
		}
		if rn := crapi.Named(recv.Type()); rn != nil && rn.Obj() == n.Obj() {
			return fn
		}
	}
	return nil
}

// queue reports whether some Add to the queue q (a parameter of a
// source's start function) runs periodically, in the function or in the
// closures that capture it.
func (p *periodic) queue(q *ssa.Parameter) bool {
	for _, fn := range p.funcs {
		if ssaflow.Declared(fn) != ssaflow.Declared(q.Parent()) {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok || !call.Common().IsInvoke() || !knowledge.Enqueues(call.Common().Method) {
					continue
				}
				if ssaflow.Outer(call.Common().Value) == q && p.runsPeriodically(instr, 0) {
					return true
				}
			}
		}
	}
	return false
}

// channel reports whether some send on the channel ch (the argument of
// source.Channel) runs periodically.
func (p *periodic) channel(ch ssa.Value) bool {
	key := chanKey(ch)
	if key == nil {
		return false
	}
	for _, fn := range p.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var sent []ssa.Value
				switch x := instr.(type) {
				case *ssa.Send:
					sent = append(sent, x.Chan)
				case *ssa.Select:
					for _, st := range x.States {
						if st.Dir == types.SendOnly {
							sent = append(sent, st.Chan)
						}
					}
				}
				for _, s := range sent {
					if chanKey(s) == key && p.runsPeriodically(instr, 0) {
						return true
					}
				}
			}
		}
	}
	return false
}

// chanKey identifies a channel: the make of a local (through closures'
// captures), the field it is kept in, or the package variable; nil if
// unknown.
func chanKey(v ssa.Value) any {
	v = ssaflow.Outer(v)
	// A local captured by a closure lives in memory: its only value.
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		if stores := ssaflow.CellStores(load.X); len(stores) == 1 {
			v = ssaflow.Outer(stores[0])
		}
	}
	switch x := v.(type) {
	case *ssa.MakeChan:
		return x
	case *ssa.Field:
		if f := ssaflow.Field(x.X.Type(), x.Field); f != nil {
			return f
		}
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return nil
		}
		switch a := x.X.(type) {
		case *ssa.Global:
			return a
		case *ssa.FieldAddr:
			if f := ssaflow.Field(a.X.Type(), a.Field); f != nil {
				return f
			}
		}
	}
	return nil
}

// runsPeriodically reports whether instr runs on a timer: in a loop of
// its function that waits on one, in a function run on a period, or in a
// function called from such a place.
func (p *periodic) runsPeriodically(instr ssa.Instruction, depth int) bool {
	if depth > 3 || instr.Block() == nil {
		return false
	}
	if InTimerLoop(instr.Block()) {
		return true
	}
	fn := instr.Parent()
	if p.repeated(fn) {
		return true
	}
	if p.callers == nil {
		p.callers = ssaflow.StaticCallers(p.funcs)
	}
	for _, c := range p.callers[fn] {
		if p.runsPeriodically(c, depth+1) {
			return true
		}
	}
	return false
}

// repeated reports whether fn is handed to a function that calls it on a
// period (wait.Until and its variants).
func (p *periodic) repeated(fn *ssa.Function) bool {
	for _, g := range p.funcs {
		for call := range ssaflow.Calls(g) {
			row, ok := knowledge.Timer(crapi.Callee(call.Common()))
			if !ok || row.Role != knowledge.Reruns {
				continue
			}
			args := call.Common().Args
			if row.Arg < len(args) && sameFunc(ssaflow.Strip(args[row.Arg]), fn) {
				return true
			}
		}
	}
	return false
}

// InTimerLoop reports whether b is in a loop (a cycle of its function's
// blocks) that waits on a timer to reach it, and on nothing else: a
// receive from a timer's channel, a select case of one whose body leads
// to b, or a sleep; a receive from another channel in the loop, or a
// select case of one whose body leads to b, makes the loop event-driven
// (a timer there is a timeout).
func InTimerLoop(b *ssa.BasicBlock) bool {
	after := map[*ssa.BasicBlock]bool{}
	for _, s := range b.Succs {
		for x := range ssaflow.Reachable(s, nil) {
			after[x] = true
		}
	}
	if !after[b] {
		return false
	}
	timer := false
	for x := range ssaflow.Reaching(b) {
		if !after[x] {
			continue
		}
		for _, instr := range x.Instrs {
			switch w := instr.(type) {
			case *ssa.UnOp:
				if w.Op != token.ARROW {
					continue
				}
				if !timerChan(w.X) {
					return false
				}
				timer = true
			case *ssa.Select:
				for i, st := range w.States {
					if st.Dir != types.RecvOnly {
						continue
					}
					body := selectCase(w, i)
					leads := body != nil && ssaflow.Reachable(body, func(_, to *ssa.BasicBlock) bool { return to == x })[b]
					switch {
					case body == nil && !timerChan(st.Chan):
						return false // cannot tell where this case goes
					case leads && timerChan(st.Chan):
						timer = true
					case leads:
						return false
					}
				}
			case *ssa.Call:
				if row, ok := knowledge.Timer(crapi.Callee(w.Common())); ok && row.Role == knowledge.Sleeps {
					timer = true
				}
			}
		}
	}
	return timer
}

// selectCase returns the first block of the body of case i of a blocking
// select: the true successor of the If that tests the select's index
// against i.
func selectCase(sel *ssa.Select, i int) *ssa.BasicBlock {
	if sel.Referrers() == nil {
		return nil
	}
	for _, r := range *sel.Referrers() {
		ex, ok := r.(*ssa.Extract)
		if !ok || ex.Index != 0 || ex.Referrers() == nil {
			continue
		}
		for _, r2 := range *ex.Referrers() {
			cmp, ok := r2.(*ssa.BinOp)
			if !ok || cmp.Op != token.EQL || cmp.Referrers() == nil {
				continue
			}
			c, ok := cmp.Y.(*ssa.Const)
			if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
				continue
			}
			if n, exact := constant.Int64Val(c.Value); !exact || n != int64(i) {
				continue
			}
			for _, r3 := range *cmp.Referrers() {
				if ifi, ok := r3.(*ssa.If); ok && len(ifi.Block().Succs) == 2 {
					return ifi.Block().Succs[0]
				}
			}
		}
	}
	return nil
}

// timerChan reports whether v is the channel of a timer: the result of
// time.Tick or time.After, or the channel field of a ticker or timer.
func timerChan(v ssa.Value) bool {
	v = ssaflow.Outer(v)
	if call, ok := v.(*ssa.Call); ok {
		row, ok := knowledge.Timer(crapi.Callee(call.Common()))
		return ok && row.Role == knowledge.TimerChan
	}
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	call, ok := ssaflow.Outer(fa.X).(*ssa.Call)
	if !ok {
		return false
	}
	row, ok := knowledge.Timer(crapi.Callee(call.Common()))
	return ok && row.Role == knowledge.TimerValue
}
