package apimarkers

import (
	"fmt"
	"go/ast"
	"go/token"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"

	"sigs.k8s.io/controller-tools/pkg/markers"
	"sigs.k8s.io/controller-tools/pkg/webhook"
)

// Webhook is one +kubebuilder:webhook marker, as controller-gen parses
// it: the admission webhook configuration it generates.
type Webhook struct {
	Path     string
	Mutating bool
	// Groups, Versions and Resources are the rules' (what the API server
	// sends the webhook).
	Groups, Versions, Resources []string
	SideEffects                 string
	AdmissionReviewVersions     []string
	// WebhookVersions are the configuration's API versions (v1 when
	// empty); URL an external address instead of the service's path.
	WebhookVersions []string
	URL             string
	Name            string
	// At is where the marker is, as file:line; Text is the marker's
	// comment (for a fix), pos its position in the pass that parsed it.
	At, Text string
	pos      token.Pos
}

// Pos is the position of the marker's comment in the analysed package.
func (w Webhook) Pos() token.Pos { return w.pos }

// webhookRegistry holds controller-gen's webhook marker alone, read by a
// collector of its own: a malformed webhook marker costs the package its
// webhooks, not its kinds or rules.
var webhookRegistry = sync.OnceValue(func() *markers.Registry {
	reg := &markers.Registry{}
	mustRegister(reg, webhook.ConfigDefinition)
	return reg
})

// readWebhooks returns the webhook markers of files, in source order.
func readWebhooks(id string, fset *token.FileSet, files []*ast.File) []Webhook {
	has := false
	for _, f := range files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if strings.Contains(c.Text, "+"+webhook.ConfigDefinition.Name+":") {
					has = true
				}
			}
		}
	}
	if !has {
		return nil
	}
	lpkg := loaderPackage(id, fset, files)
	col := &markers.Collector{Registry: webhookRegistry()}
	byNode, err := col.MarkersInPackage(lpkg)
	if err != nil {
		return nil
	}
	var out []Webhook
	for _, f := range files {
		out = append(out, webhooksOf(fset, f, byNode[f][webhook.ConfigDefinition.Name])...)
	}
	slices.SortStableFunc(out, func(a, b Webhook) int { return int(a.pos - b.pos) })
	return out
}

// webhooksOf converts the parsed webhook markers of file f, each with its
// comment, found as rules finds an rbac marker's.
func webhooksOf(fset *token.FileSet, f *ast.File, parsed []any) []Webhook {
	if len(parsed) == 0 {
		return nil
	}
	type raw struct {
		cfg  webhook.Config
		c    *ast.Comment
		used bool
	}
	var comments []*raw
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			text := strings.TrimSpace(strings.TrimPrefix(c.Text, "//"))
			if !strings.HasPrefix(text, "+"+webhook.ConfigDefinition.Name+":") {
				continue
			}
			v, err := webhook.ConfigDefinition.Parse(text)
			if cfg, ok := v.(webhook.Config); ok && err == nil {
				comments = append(comments, &raw{cfg: cfg, c: c})
			}
		}
	}
	var out []Webhook
	for _, v := range parsed {
		cfg, ok := v.(webhook.Config)
		if !ok {
			continue
		}
		w := Webhook{Path: cfg.Path, Mutating: cfg.Mutating, Groups: cfg.Groups, Versions: cfg.Versions,
			Resources: cfg.Resources, SideEffects: cfg.SideEffects, AdmissionReviewVersions: cfg.AdmissionReviewVersions,
			WebhookVersions: cfg.WebhookVersions, URL: cfg.URL, Name: cfg.Name}
		for _, c := range comments {
			if !c.used && reflect.DeepEqual(c.cfg, cfg) {
				c.used, w.pos, w.Text = true, c.c.Pos(), c.c.Text
				p := fset.Position(c.c.Pos())
				w.At = fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
				break
			}
		}
		if w.pos.IsValid() {
			out = append(out, w)
		}
	}
	return out
}

// Names reports whether the marker's rules name the kind of group,
// version and plural resource: each among the marker's, or "*", the
// resource by NamesResource. One rule for webhookpath's judgement and the
// controller map's webhooks.
func (w Webhook) Names(group, version, resource string) bool {
	in := func(list []string, v string) bool { return slices.Contains(list, v) || slices.Contains(list, "*") }
	return in(w.Groups, group) && in(w.Versions, version) &&
		slices.ContainsFunc(w.Resources, func(r string) bool { return NamesResource(r, resource) })
}

// NamesResource reports whether the rule's resource r selects requests
// that carry an object of the kind whose plural is resource: the plural
// or "*" (every resource, no subresource), and the forms that select its
// status subresource ("<plural>/status", "<plural>/*", "*/status",
// "*/*"). For a request on the status subresource the API server sends
// the webhook the whole object, which decodes as the kind: a defaulting
// webhook of the status marks it so on purpose (korifi's CFTask
// defaulter, resources=cftasks/status, defaults status fields). Another
// subresource alone ("<plural>/scale") sends another kind (a Scale).
func NamesResource(r, resource string) bool {
	if r == resource || r == "*" {
		return true
	}
	res, sub, ok := strings.Cut(r, "/")
	return ok && (res == resource || res == "*") && (sub == "status" || sub == "*")
}
