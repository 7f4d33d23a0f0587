package wiring

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// MetricsServer says whether a manager runs its metrics server.
type MetricsServer uint8

const (
	// MetricsOpen says it cannot be told (options or an address the
	// code builds elsewhere, or several values).
	MetricsOpen MetricsServer = iota
	// MetricsOn says the bind address is not "0" (left unset, it is
	// metricsserver.DefaultBindAddress, ":8080").
	MetricsOn
	// MetricsOff says the bind address is "0", which
	// metricsserver.NewServer takes for "no server".
	MetricsOff
)

func (s MetricsServer) String() string {
	switch s {
	case MetricsOn:
		return "on"
	case MetricsOff:
		return "off"
	}
	return "open"
}

// ManagerMetrics is what a manager's Options.Metrics (metricsserver.Options)
// configure: whether its metrics server runs, from which flag, and the
// extra handlers it serves beside /metrics. The server always serves
// controller-runtime's metrics.Registry on /metrics
// (promhttp.HandlerFor(metrics.Registry, ...)), nothing else there.
type ManagerMetrics struct {
	Server MetricsServer
	// Addr is the bind address when known; unset, the server's default
	// (":8080").
	Addr string
	// Flag is the command-line flag Addr is the default of (kubebuilder's
	// "metrics-bind-address", whose scaffold default "0" its deployment
	// overrides): the server's state is the default's until the flag is
	// given. "" when Addr is a constant of the code.
	Flag string
	// Why says what makes Server open.
	Why string
	// ExtraHandlers are the handlers the server serves beside /metrics:
	// Options.Metrics.ExtraHandlers, and the package's calls of
	// AddMetricsServerExtraHandler.
	ExtraHandlers []ExtraHandler
	// ExtraOpen says the code may add handlers not in ExtraHandlers (a
	// map not built where the options are).
	ExtraOpen bool
}

// ExtraHandler is a handler the metrics server serves beside /metrics.
type ExtraHandler struct {
	// Path is its path; "" when not a constant.
	Path string
	// Handler is the function that makes the handler or is it
	// ("net/http/pprof.Index", a function of the module), by its full
	// name; "" when the code does not say.
	Handler string
}

func (m ManagerMetrics) String() string {
	s := "metrics " + m.Server.String()
	switch {
	case m.Server == MetricsOpen:
		s += " (" + m.Why + ")"
	case m.Flag != "":
		s += fmt.Sprintf(" (-%s default %q)", m.Flag, m.Addr)
	default:
		s += fmt.Sprintf(" %q", m.Addr)
	}
	for _, h := range m.ExtraHandlers {
		s += fmt.Sprintf(" extra(%s %s)", h.Path, h.Handler)
	}
	if m.ExtraOpen {
		s += " extra(open)"
	}
	return s
}

// maxDepth bounds the walks through nested options structs.
const maxDepth = 8

// MetricsOf returns what call, a NewManager call of fn (crapi.IsNewManager),
// configures its metrics server with: Options.Metrics.BindAddress and
// ExtraHandlers, followed through the options struct built in fn (its
// literal, fields set on it, a metricsserver.Options variable stored in
// it) and a bind address read from a string flag (the standard flag
// package's or pflag's) whose default is its value until the command line
// sets it. Options handed to other code, built elsewhere or given several
// values make the answer open.
func (r *Result) MetricsOf(fn *ssa.Function, call ssa.CallInstruction) ManagerMetrics {
	args := crapi.CallArgs(call.Common())
	if len(args) < 2 {
		return ManagerMetrics{Why: "no options"}
	}
	m := ManagerMetrics{}
	addrs, ok := valuesAt(args[1], []string{"Metrics", "BindAddress"}, 0)
	switch {
	case !ok:
		m.Why = "options built elsewhere"
	case len(addrs) == 0:
		m.Server, m.Addr = MetricsOn, serverDefaultAddr
	default:
		m.Addr, m.Flag, m.Why = r.bindAddress(addrs)
		switch {
		case m.Why != "":
		case m.Addr == "0":
			m.Server = MetricsOff
		default:
			m.Server = MetricsOn
			if m.Addr == "" {
				m.Addr = serverDefaultAddr
			}
		}
	}
	extras, ok := valuesAt(args[1], []string{"Metrics", "ExtraHandlers"}, 0)
	if !ok {
		m.ExtraOpen = true
	}
	for _, v := range extras {
		m.extraHandlers(v)
	}
	for _, f := range r.Funcs {
		for c := range ssaflow.Calls(f) {
			callee := crapi.Callee(c.Common())
			if callee == nil || callee.Name() != "AddMetricsServerExtraHandler" || callee.Pkg() == nil || callee.Pkg().Path() != crapi.ManagerPkg {
				continue
			}
			if a := crapi.CallArgs(c.Common()); len(a) == 2 {
				path, _ := crapi.ConstString(a[0])
				m.ExtraHandlers = append(m.ExtraHandlers, ExtraHandler{Path: path, Handler: handlerFunc(a[1])})
			}
		}
	}
	return m
}

// serverDefaultAddr is metricsserver.DefaultBindAddress, which
// Options.setDefaults gives an unset BindAddress (controller-runtime
// v0.25.2, pkg/metrics/server/server.go).
const serverDefaultAddr = ":8080"

// valuesAt returns the values stored at the field path of the struct
// value v, built in its function: a zero value holds none; a load of a
// local struct (a composite literal, a variable whose fields are set) the
// values stored at that path, through whole stores of nested structs. Not
// ok when v, or a struct on the path, comes from elsewhere or its
// address is handed on.
func valuesAt(v ssa.Value, path []string, depth int) ([]ssa.Value, bool) {
	if depth > maxDepth {
		return nil, false
	}
	switch v := v.(type) {
	case *ssa.Const:
		return nil, true // the zero value
	case *ssa.UnOp:
		if a, ok := v.X.(*ssa.Alloc); ok && v.Op == token.MUL {
			return valuesAtAddr(a, path, depth+1)
		}
	}
	return nil, false
}

// valuesAtAddr is valuesAt on the address of a local struct (an Alloc or
// a field of one).
func valuesAtAddr(addr ssa.Value, path []string, depth int) ([]ssa.Value, bool) {
	refs := addr.Referrers()
	if refs == nil || depth > maxDepth {
		return nil, false
	}
	var out []ssa.Value
	for _, ref := range *refs {
		switch ref := ref.(type) {
		case *ssa.FieldAddr:
			if ssaflow.FieldName(ref.X.Type(), ref.Field) != path[0] {
				continue // another field: it does not hold the path
			}
			if len(path) == 1 {
				vals, escapes := ssaflow.FieldStores(ref)
				if escapes {
					return nil, false
				}
				out = append(out, vals...)
				continue
			}
			vals, ok := valuesAtAddr(ref, path[1:], depth+1)
			if !ok {
				return nil, false
			}
			out = append(out, vals...)
		case *ssa.Store:
			if ref.Addr != addr {
				return nil, false // the address itself is stored away
			}
			vals, ok := valuesAt(ref.Val, path, depth+1)
			if !ok {
				return nil, false
			}
			out = append(out, vals...)
		case *ssa.UnOp:
			if ref.Op != token.MUL {
				return nil, false
			}
		case *ssa.DebugRef:
		default:
			return nil, false // handed to a call, converted...
		}
	}
	return out, true
}

// bindAddress returns the one address vals (the values stored at
// BindAddress) give, and the flag it is the default of; why is set when
// they give none or several.
func (r *Result) bindAddress(vals []ssa.Value) (addr, flag, why string) {
	type value struct{ addr, flag string }
	var got []value
	for _, v := range vals {
		if s, ok := crapi.ConstString(ssaflow.StripConv(v)); ok {
			got = append(got, value{addr: s})
			continue
		}
		a, f, ok := r.flagValue(ssaflow.StripConv(v))
		if !ok {
			return "", "", "a bind address the code computes"
		}
		got = append(got, value{a, f})
	}
	for _, g := range got[1:] {
		if g != got[0] {
			return "", "", "several bind addresses"
		}
	}
	return got[0].addr, got[0].flag, ""
}

// flagValue returns the default and the name of the string flag that v
// loads: a variable (local, or of the package) given to flag.StringVar
// or pflag's and set nowhere else, or the pointer flag.String returns.
func (r *Result) flagValue(v ssa.Value) (addr, flag string, ok bool) {
	u, isLoad := v.(*ssa.UnOp)
	if !isLoad || u.Op != token.MUL {
		return "", "", false
	}
	switch p := u.X.(type) {
	case *ssa.Call:
		row, ok := knowledge.StringFlag(crapi.Callee(p.Common()))
		if !ok || row.Ptr != -1 {
			return "", "", false
		}
		return flagDef(p.Common(), row)
	case *ssa.Alloc:
		return r.flagOf(p, *p.Referrers())
	case *ssa.Global:
		if p.Pkg == nil || p.Pkg.Pkg != r.pass.Pkg {
			return "", "", false
		}
		var uses []ssa.Instruction
		for _, f := range r.Funcs {
			for _, b := range f.Blocks {
				for _, instr := range b.Instrs {
					var ops []*ssa.Value
					if slices.ContainsFunc(instr.Operands(ops), func(o *ssa.Value) bool { return *o == p }) {
						uses = append(uses, instr)
					}
				}
			}
		}
		return r.flagOf(p, uses)
	}
	return "", "", false
}

// flagOf returns the flag the variable at addr is defined as, when uses
// (its uses) are that one definition and loads.
func (r *Result) flagOf(addr ssa.Value, uses []ssa.Instruction) (string, string, bool) {
	var def *ssa.CallCommon
	var row knowledge.FlagRow
	for _, use := range uses {
		switch use := use.(type) {
		case *ssa.UnOp:
			if use.Op != token.MUL {
				return "", "", false
			}
		case *ssa.DebugRef:
		case ssa.CallInstruction:
			rw, ok := knowledge.StringFlag(crapi.Callee(use.Common()))
			args := crapi.CallArgs(use.Common())
			if !ok || rw.Ptr < 0 || rw.Ptr >= len(args) || args[rw.Ptr] != addr || def != nil {
				return "", "", false
			}
			def, row = use.Common(), rw
		default:
			return "", "", false // set elsewhere (an environment variable, a config file)
		}
	}
	if def == nil {
		return "", "", false
	}
	return flagDef(def, row)
}

// flagDef returns the default and the name a flag definition gives.
func flagDef(cc *ssa.CallCommon, row knowledge.FlagRow) (string, string, bool) {
	args := crapi.CallArgs(cc)
	if row.Default >= len(args) || row.NameArg >= len(args) {
		return "", "", false
	}
	def, ok := crapi.ConstString(args[row.Default])
	name, ok2 := crapi.ConstString(args[row.NameArg])
	if !ok || !ok2 {
		return "", "", false
	}
	return def, name, true
}

// extraHandlers adds the handlers of v, a value stored in ExtraHandlers:
// a map literal's entries; anything else makes them open.
func (m *ManagerMetrics) extraHandlers(v ssa.Value) {
	switch v := ssaflow.StripConv(v).(type) {
	case *ssa.Const:
		return // nil
	case *ssa.MakeMap:
		for _, ref := range *v.Referrers() {
			switch ref := ref.(type) {
			case *ssa.MapUpdate:
				path, _ := crapi.ConstString(ref.Key)
				m.ExtraHandlers = append(m.ExtraHandlers, ExtraHandler{Path: path, Handler: handlerFunc(ref.Value)})
			case *ssa.Store, *ssa.DebugRef:
			default:
				m.ExtraOpen = true // handed on: entries may be added there
			}
		}
		return
	}
	m.ExtraOpen = true
}

// handlerFunc returns the full name of the function that makes the
// handler v or is it: a call's callee (pprof.Handler("heap")), a function
// converted to http.HandlerFunc (pprof.Index), a closure's enclosing
// function; "" otherwise.
func handlerFunc(v ssa.Value) string {
	v = ssaflow.StripConv(v)
	if call, ok := v.(*ssa.Call); ok {
		if f := crapi.Callee(call.Common()); f != nil {
			return f.FullName()
		}
		return ""
	}
	fn := ssaflow.FuncOf(v)
	for fn != nil && fn.Parent() != nil {
		fn = fn.Parent()
	}
	if fn == nil {
		return ""
	}
	if obj, ok := fn.Object().(*types.Func); ok {
		return obj.FullName()
	}
	return strings.TrimPrefix(fn.String(), "(")
}
