package crapi

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"
)

// WebhookChain is a chain of controller-runtime webhook builder calls
// written as one expression:
//
//	ctrl.NewWebhookManagedBy(mgr).For(&v1.Foo{}).WithDefaulter(d).Complete()
//	ctrl.NewWebhookManagedBy(mgr, &v1.Foo{}).WithValidator(v).Complete()
type WebhookChain struct {
	// Root is the call that makes the builder; Last the outermost call
	// of the chain (where to report).
	Root, Last *ast.CallExpr
	// Object is the type of the objects the webhooks admit (the For
	// argument, or the builder's type argument); nil when unknown.
	Object types.Type
	// Defaulter and Validator: the chain registers a defaulting (mutating)
	// or a validating webhook: a With*Defaulter/With*Validator option,
	// or, for controller-runtime before v0.20 without one, an Object
	// type that implements the old admission.Defaulter/Validator.
	Defaulter, Validator bool
	// DefaulterPath and ValidatorPath are custom paths given as
	// constants; "" for the path controller-runtime derives.
	DefaulterPath, ValidatorPath string
	// Known is false when something the chain registers depends on a
	// value not known here (a custom path that is no constant).
	Known bool
}

// The webhook builder's methods that register a webhook or change its
// path; the others (logging, panics, conversion) change neither.
var webhookOptions = map[string]func(c *WebhookChain, arg ast.Expr, info *types.Info){
	"WithDefaulter":           func(c *WebhookChain, _ ast.Expr, _ *types.Info) { c.Defaulter = true },
	"WithCustomDefaulter":     func(c *WebhookChain, _ ast.Expr, _ *types.Info) { c.Defaulter = true },
	"WithValidator":           func(c *WebhookChain, _ ast.Expr, _ *types.Info) { c.Validator = true },
	"WithCustomValidator":     func(c *WebhookChain, _ ast.Expr, _ *types.Info) { c.Validator = true },
	"WithDefaulterCustomPath": func(c *WebhookChain, a ast.Expr, info *types.Info) { c.DefaulterPath = c.constPath(a, info) },
	"WithValidatorCustomPath": func(c *WebhookChain, a ast.Expr, info *types.Info) { c.ValidatorPath = c.constPath(a, info) },
	"WithCustomPath": func(c *WebhookChain, a ast.Expr, info *types.Info) {
		c.DefaulterPath = c.constPath(a, info)
		c.ValidatorPath = c.DefaulterPath
	},
}

func (c *WebhookChain) constPath(a ast.Expr, info *types.Info) string {
	if a != nil {
		if tv, ok := info.Types[a]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			return constant.StringVal(tv.Value)
		}
	}
	c.Known = false
	return ""
}

// isWebhookBuilder reports whether t is (a pointer to) builder.WebhookBuilder.
func isWebhookBuilder(t types.Type) bool { return IsNamed(t, BuilderPkg, "WebhookBuilder") }

// webhookMethod returns the name of the WebhookBuilder method call calls.
func webhookMethod(info *types.Info, call *ast.CallExpr) (string, *ast.SelectorExpr, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return "", nil, false
	}
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.MethodVal || !isWebhookBuilder(s.Recv()) {
		return "", nil, false
	}
	return sel.Sel.Name, sel, true
}

// WebhookChains returns the webhook builder chains of files, each read
// from its outermost call down to the call that makes the builder. A
// chain whose builder is a variable or a parameter is not returned: what
// it registers is spread over statements.
func WebhookChains(info *types.Info, files []*ast.File) []WebhookChain {
	var out []WebhookChain
	for _, f := range files {
		inner := map[*ast.CallExpr]bool{} // calls that are part of a longer chain
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || inner[call] {
				return true
			}
			if _, _, ok := webhookMethod(info, call); !ok {
				return true
			}
			c := WebhookChain{Last: call, Known: true}
			var forArg ast.Expr
			for e := ast.Expr(call); ; {
				ce, ok := ast.Unparen(e).(*ast.CallExpr)
				if !ok {
					break
				}
				name, sel, isMethod := webhookMethod(info, ce)
				if !isMethod {
					if t := info.TypeOf(ce); t != nil && isWebhookBuilder(t) {
						c.Root = ce
					}
					break
				}
				inner[ce] = true
				var arg ast.Expr
				if len(ce.Args) > 0 {
					arg = ce.Args[0]
				}
				if name == "For" {
					forArg = arg
				} else if opt, ok := webhookOptions[name]; ok {
					opt(&c, arg, info)
				}
				e = sel.X
			}
			if c.Root == nil {
				return true
			}
			c.Object = webhookObject(info, c.Root, forArg)
			if c.Object != nil && !c.Defaulter && !c.Validator {
				// Before v0.20 the type itself was the defaulter and
				// the validator (admission.Defaulter's Default(),
				// admission.Validator's ValidateCreate()).
				c.Defaulter = hasNullaryMethod(c.Object, "Default")
				c.Validator = hasNullaryMethod(c.Object, "ValidateCreate")
			}
			out = append(out, c)
			return true
		})
	}
	return out
}

// webhookObject is the type the builder admits: For's argument, else the
// builder's type argument (v0.20 on: NewWebhookManagedBy(mgr, &T{})).
func webhookObject(info *types.Info, root *ast.CallExpr, forArg ast.Expr) types.Type {
	if forArg != nil {
		if t := info.TypeOf(forArg); t != nil && !types.IsInterface(t) {
			return t
		}
		return nil
	}
	t := types.Unalias(info.TypeOf(root))
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	if n, ok := t.(*types.Named); ok && n.TypeArgs().Len() == 1 { // Named gives the origin
		if arg := n.TypeArgs().At(0); !types.IsInterface(arg) {
			return arg
		}
	}
	return nil
}

func hasNullaryMethod(t types.Type, name string) bool {
	if _, ok := types.Unalias(t).(*types.Pointer); !ok {
		t = types.NewPointer(t)
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
	fn, ok := obj.(*types.Func)
	return ok && fn.Signature().Params().Len() == 0
}

// WebhookPaths returns the paths controller-runtime registers a chain's
// webhooks at: "/mutate-" or "/validate-", the group with its dots as
// dashes, the version and the lower-case kind, unless a custom path is
// set.
func WebhookPaths(group, version, kind string) (mutate, validate string) {
	tail := strings.ReplaceAll(group, ".", "-") + "-" + version + "-" + strings.ToLower(kind)
	return "/mutate-" + tail, "/validate-" + tail
}

// WebhookRegister recognises mgr.GetWebhookServer().Register(path, hook):
// it returns the path argument.
func WebhookRegister(info *types.Info, call *ast.CallExpr) (ast.Expr, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Register" || len(call.Args) != 2 {
		return nil, false
	}
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.MethodVal {
		return nil, false
	}
	fn, ok := s.Obj().(*types.Func)
	if !ok || fn.Pkg() == nil || !strings.HasPrefix(fn.Pkg().Path(), WebhookPkg) {
		return nil, false
	}
	return call.Args[0], true
}
