package probes

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// Chains reports every chain of the model as one diagnostic at its last
// call, so that the fixture's "// want" comments spell out the model.
var Chains = &analysis.Analyzer{
	Name:     "ctrlmodeldump",
	Doc:      "report the builder chains extracted by ctrlmodel",
	Requires: []*analysis.Analyzer{ctrlmodel.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		model := pass.ResultOf[ctrlmodel.Analyzer].(*ctrlmodel.Model)
		for _, ch := range model.Chains {
			var parts []string
			for _, c := range ch.Calls {
				parts = append(parts, describe(c))
			}
			last := ch.Calls[len(ch.Calls)-1]
			diag.Report(pass, analysis.Diagnostic{Pos: last.Pos, End: last.End, Message: "chain: " + strings.Join(parts, " ")})
		}
		return nil, nil
	},
}

func describe(c *ctrlmodel.Call) string {
	var args []string
	switch c.Method {
	case ctrlmodel.For, ctrlmodel.Owns, ctrlmodel.Watches, ctrlmodel.WatchesMetadata:
		args = append(args, typeString(c.Object))
	case ctrlmodel.Complete, ctrlmodel.Build:
		args = append(args, typeString(c.Reconciler))
	}
	if h := c.Handler; h != nil {
		switch h.Kind {
		case ctrlmodel.HandlerForObject:
			args = append(args, "object")
		case ctrlmodel.HandlerForOwner:
			args = append(args, "owner="+typeString(h.OwnerType))
		case ctrlmodel.HandlerMapFunc:
			args = append(args, "mapfunc")
		default:
			args = append(args, "other")
		}
	}
	if len(c.Predicates) > 0 {
		var ps []string
		for _, p := range c.Predicates {
			ps = append(ps, predString(p))
		}
		args = append(args, "pred["+strings.Join(ps, ",")+"]")
	}
	if len(args) == 0 {
		return string(c.Method)
	}
	return fmt.Sprintf("%s(%s)", c.Method, strings.Join(args, " "))
}

func typeString(t types.Type) string {
	if t == nil {
		return "?"
	}
	return crapi.TypeString(t)
}

func predString(p *ctrlmodel.Predicate) string {
	name := map[ctrlmodel.PredicateKind]string{
		ctrlmodel.PredicateGenerationChanged:      "generation",
		ctrlmodel.PredicateLabelChanged:           "label",
		ctrlmodel.PredicateAnnotationChanged:      "annotation",
		ctrlmodel.PredicateResourceVersionChanged: "resourceversion",
		ctrlmodel.PredicateAnd:                    "and",
		ctrlmodel.PredicateOr:                     "or",
		ctrlmodel.PredicateNot:                    "not",
	}[p.Kind]
	if name == "" {
		name = "other"
	}
	if len(p.Operands) == 0 {
		return name
	}
	var ops []string
	for _, o := range p.Operands {
		ops = append(ops, predString(o))
	}
	return name + "(" + strings.Join(ops, ",") + ")"
}

// Controllers reports, at each Reconcile method, the controller the
// package sets up with its receiver type.
var Controllers = &analysis.Analyzer{
	Name:     "controllerdump",
	Doc:      "report what each reconciler's controller watches",
	Requires: []*analysis.Analyzer{ctrlmodel.Analyzer, ssapkg.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		model := pass.ResultOf[ctrlmodel.Analyzer].(*ctrlmodel.Model)
		for _, r := range crapi.Reconcilers(ssapkg.Of(pass).SrcFuncs()) {
			recv := r.Fn.Signature.Recv()
			if recv == nil {
				continue
			}
			msg := "controller: none"
			if c := model.ControllerOf(recv.Type()); c != nil {
				msg = fmt.Sprintf("controller: for=%s owns=%s watches=%s complete=%v",
					typeList(c.For), typeList(c.Owns), typeList(c.Watches), c.Complete)
			}
			diag.Report(pass, analysis.Diagnostic{Pos: r.Fn.Pos(), Message: msg})
		}
		return nil, nil
	},
}

func typeList(ts []types.Type) string {
	var s []string
	for _, t := range ts {
		s = append(s, strings.TrimPrefix(typeString(t), "*"))
	}
	return "[" + strings.Join(s, " ") + "]"
}

// Periodic reports, at each Reconcile method, the periodic source of its
// controller.
var Periodic = &analysis.Analyzer{
	Name:     "periodicdump",
	Doc:      "report the periodic source of each reconciler's controller",
	Requires: []*analysis.Analyzer{ctrlmodel.Analyzer, ssapkg.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		model := pass.ResultOf[ctrlmodel.Analyzer].(*ctrlmodel.Model)
		funcs := ssapkg.Of(pass).SrcFuncs()
		for _, r := range crapi.Reconcilers(funcs) {
			recv := r.Fn.Signature.Recv()
			if recv == nil {
				continue
			}
			msg := "periodic: none"
			if call := model.ControllerOf(recv.Type()).Periodic(funcs); call != nil {
				msg = "periodic: " + call.String()
			}
			diag.Report(pass, analysis.Diagnostic{Pos: r.Fn.Pos(), Message: msg})
		}
		return nil, nil
	},
}
