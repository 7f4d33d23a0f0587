package controllermap

import (
	"fmt"
	"io"
	"path"
	"strings"
)

// The diagrams draw one graph for all binaries: a box per manager
// (package main and where it makes the manager) holding its controllers,
// webhooks and role notes, and one node per kind, shared, so that two
// controllers of one kind meet there. Events come into a controller from
// the kinds it watches (dotted edges, labelled with the source and its
// predicates); what it writes goes out to the kinds (thick edges: verbs,
// status, events, finalizers added + and removed −); a webhook admits
// its kind. Missing RBAC is a red note on the controller (or the manager,
// for code outside controllers), unused grants a yellow note on the
// manager.

// graph is the map laid out as nodes and edges, for either syntax.
type graph struct {
	groups []group
	kinds  []node // declared outside the groups, in order of first use
	edges  []edge
	seen   map[string]bool
}

type group struct {
	id, label string
	nodes     []node
}

// node shapes: controller, kind, webhook, missing (a red note), unused
// (a yellow note).
type node struct {
	id, shape string
	lines     []string
}

// edge styles: watch (dotted, into a controller), write (thick, out of
// it), admit (a webhook's), note (a controller's or manager's note).
type edge struct {
	from, to, style string
	lines           []string
}

func layout(m *Map) *graph {
	g := &graph{seen: map[string]bool{}}
	for bi, b := range m.Binaries {
		for mi, mg := range b.Managers {
			id := fmt.Sprintf("b%dm%d", bi, mi)
			label := b.Package + " · manager " + mg.At
			if mg.Via != "" {
				label += " (" + mg.Via + ")"
			}
			grp := group{id: id, label: label}
			for ci, c := range mg.Controllers {
				cid := fmt.Sprintf("%sc%d", id, ci)
				lines := []string{c.Name}
				if c.Reconciler != "" {
					lines = append(lines, path.Base(strings.ReplaceAll(c.Reconciler, ".", "/")))
				}
				grp.nodes = append(grp.nodes, node{id: cid, shape: "controller", lines: lines})
				g.controllerEdges(cid, c)
				if miss := missingLines(c.RBAC); len(miss) > 0 {
					nid := cid + "rbac"
					grp.nodes = append(grp.nodes, node{id: nid, shape: "missing", lines: append([]string{"missing RBAC"}, miss...)})
					g.edges = append(g.edges, edge{from: cid, to: nid, style: "note"})
				}
			}
			for wi, w := range mg.Webhooks {
				wid := fmt.Sprintf("%sw%d", id, wi)
				lines := []string{"webhook"}
				lines = append(lines, w.Paths...)
				for _, mk := range w.Markers {
					if !mk.Served {
						lines = append(lines, "marker at "+mk.At+": "+mk.Path+" not served")
					}
				}
				shape := "webhook"
				if len(lines) > len(w.Paths)+1 {
					shape = "webhookMissing"
				}
				grp.nodes = append(grp.nodes, node{id: wid, shape: shape, lines: lines})
				if w.Kind != nil {
					g.edges = append(g.edges, edge{from: wid, to: g.kind(*w.Kind), style: "admit", lines: []string{admits(w)}})
				}
			}
			var outside []string
			for _, n := range mg.RBAC.Missing {
				if !inControllers(mg, n) {
					outside = append(outside, needLine(n, n.Missing))
				}
			}
			if len(outside) > 0 {
				grp.nodes = append(grp.nodes, node{id: id + "rbac", shape: "missing", lines: append([]string{"missing RBAC (outside controllers)"}, outside...)})
			}
			if len(mg.RBAC.Unused) > 0 {
				lines := []string{"granted, never used"}
				for _, u := range mg.RBAC.Unused {
					if u.Wildcard {
						lines = append(lines, u.At+": a wildcard")
						continue
					}
					lines = append(lines, u.At+": "+strings.Join(u.Grants, ", "))
				}
				grp.nodes = append(grp.nodes, node{id: id + "unused", shape: "unused", lines: lines})
			}
			g.groups = append(g.groups, grp)
		}
	}
	return g
}

// controllerEdges adds the edges of controller cid: its sources in, its
// writes and finalizers out, one edge per kind each way.
func (g *graph) controllerEdges(cid string, c Controller) {
	var filters []string
	for _, p := range c.EventFilters {
		filters = append(filters, p.String())
	}
	in := map[string]int{} // kind node -> index in g.edges
	for _, s := range c.Sources {
		if s.Kind == nil {
			continue // a raw source: no kind to draw it from
		}
		label := s.Method
		if s.Method == "Watches" || s.Method == "WatchesMetadata" {
			h := s.Handler
			if s.OwnerKind != nil {
				h += " " + kindName(*s.OwnerKind)
			}
			label += " → " + h
		}
		var preds []string
		for _, p := range s.Predicates {
			preds = append(preds, p.String())
		}
		preds = append(preds, filters...)
		if len(preds) > 0 {
			label += " · " + strings.Join(preds, ", ")
		}
		if s.Via != "" {
			label += " (in " + s.Via + ")"
		}
		k := g.kind(*s.Kind)
		if i, ok := in[k]; ok {
			g.edges[i].lines = append(g.edges[i].lines, label)
			continue
		}
		in[k] = len(g.edges)
		g.edges = append(g.edges, edge{from: k, to: cid, style: "watch", lines: []string{label}})
	}
	out := map[string]int{}
	add := func(k Kind, line string) {
		id := g.kind(k)
		if i, ok := out[id]; ok {
			g.edges[i].lines = append(g.edges[i].lines, line)
			return
		}
		out[id] = len(g.edges)
		g.edges = append(g.edges, edge{from: cid, to: id, style: "write", lines: []string{line}})
	}
	for _, w := range c.Writes {
		if len(w.Verbs) > 0 {
			add(w.Kind, strings.Join(w.Verbs, ", "))
		}
		if len(w.Status) > 0 {
			add(w.Kind, "status: "+strings.Join(w.Status, ", "))
		}
		if w.Events {
			add(w.Kind, "records events")
		}
	}
	for _, f := range c.Finalizers {
		name := f.Name
		if name == "" {
			name = "(a list set whole)"
		}
		sign := "+"
		if f.Op == "remove" {
			sign = "−"
		}
		add(f.Kind, "finalizer "+sign+" "+name)
	}
}

// kind returns the node of k, declaring it on first use.
func (g *graph) kind(k Kind) string {
	name := k.Kind
	switch {
	case name == "" && k.Resource != "":
		name = "r_" + k.Resource
	case name == "" && k.Type != "":
		name = "t_" + k.Type
	case name == "":
		name = "unknown"
	}
	id := "k_" + sanitize(k.Group+"_"+name)
	if !g.seen[id] {
		g.seen[id] = true
		gv := k.Version
		if k.Group != "" {
			gv = k.Group + "/" + k.Version
		}
		lines := []string{kindName(k)}
		if k.Kind != "" && gv != "" {
			lines = append(lines, gv)
		}
		g.kinds = append(g.kinds, node{id: id, shape: "kind", lines: lines})
	}
	return id
}

// kindName names a kind in a node: the kind, else its resource, else
// its type, else "?" (an object of interface type).
func kindName(k Kind) string {
	switch {
	case k.Kind != "":
		return k.Kind
	case k.Resource != "":
		if k.Group == "" {
			return k.Resource
		}
		return k.Resource + "." + k.Group
	case k.Type != "":
		return k.Type
	}
	return "?"
}

func admits(w Webhook) string {
	var s []string
	if w.Defaulting {
		s = append(s, "defaults")
	}
	if w.Validating {
		s = append(s, "validates")
	}
	if len(s) == 0 {
		return "admits"
	}
	return strings.Join(s, ", ")
}

// missingLines renders the needs with missing verbs.
func missingLines(needs []Need) []string {
	var out []string
	for _, n := range needs {
		if len(n.Missing) > 0 {
			out = append(out, needLine(n, n.Missing))
		}
	}
	return out
}

func needLine(n Need, verbs []string) string {
	res := n.Resource
	if n.Group != "" {
		res += " (" + n.Group + ")"
	}
	return strings.Join(verbs, ", ") + " " + res
}

// inControllers reports whether a controller of mg misses n already.
func inControllers(mg Manager, n Need) bool {
	for _, c := range mg.Controllers {
		for _, x := range c.RBAC {
			if x.Group == n.Group && x.Resource == n.Resource && len(x.Missing) > 0 {
				return true
			}
		}
	}
	return false
}

// String renders a predicate as the diagrams show it: generation,
// and(generation, label), custom(predicate.Funcs).
func (p Predicate) String() string {
	s := p.Kind
	switch {
	case len(p.Operands) > 0:
		var ops []string
		for _, o := range p.Operands {
			ops = append(ops, o.String())
		}
		s += "(" + strings.Join(ops, ", ") + ")"
	case p.Type != "":
		s += "(" + p.Type + ")"
	}
	return s
}

func sanitize(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

// WriteMermaid writes m as a Mermaid flowchart (GitHub renders it in a
// ```mermaid block).
func (m *Map) WriteMermaid(w io.Writer) error {
	g := layout(m)
	var b strings.Builder
	b.WriteString("flowchart LR\n")
	text := func(lines []string) string {
		for i, l := range lines {
			l = strings.NewReplacer("&", "&amp;", "\"", "#quot;", "<", "&lt;", ">", "&gt;").Replace(l)
			lines[i] = l
		}
		return "\"" + strings.Join(lines, "<br/>") + "\""
	}
	shape := func(n node) string {
		t := text(append([]string(nil), n.lines...))
		switch n.shape {
		case "kind":
			return n.id + "([" + t + "])"
		case "webhook", "webhookMissing":
			return n.id + "{{" + t + "}}"
		case "missing", "unused":
			return n.id + "[/" + t + "/]"
		}
		return n.id + "[" + t + "]"
	}
	for _, grp := range g.groups {
		fmt.Fprintf(&b, "  subgraph %s[%s]\n", grp.id, text([]string{grp.label}))
		for _, n := range grp.nodes {
			fmt.Fprintf(&b, "    %s\n", shape(n))
		}
		b.WriteString("  end\n")
	}
	for _, n := range g.kinds {
		fmt.Fprintf(&b, "  %s\n", shape(n))
	}
	for _, e := range g.edges {
		arrow := map[string]string{"watch": "-.->", "write": "==>", "admit": "-->", "note": "---"}[e.style]
		if len(e.lines) == 0 {
			fmt.Fprintf(&b, "  %s %s %s\n", e.from, arrow, e.to)
			continue
		}
		fmt.Fprintf(&b, "  %s %s|%s| %s\n", e.from, arrow, text(append([]string(nil), e.lines...)), e.to)
	}
	b.WriteString("  classDef controller fill:#e8f0fe,stroke:#3367d6\n")
	b.WriteString("  classDef kind fill:#f1f3f4,stroke:#5f6368\n")
	b.WriteString("  classDef missing fill:#fce8e6,stroke:#c5221f,color:#a50e0e\n")
	b.WriteString("  classDef unused fill:#fef7e0,stroke:#b06000\n")
	var classes = map[string][]string{}
	for _, grp := range g.groups {
		for _, n := range grp.nodes {
			c := n.shape
			switch c {
			case "webhook":
				continue
			case "webhookMissing":
				c = "missing"
			}
			classes[c] = append(classes[c], n.id)
		}
	}
	for _, n := range g.kinds {
		classes["kind"] = append(classes["kind"], n.id)
	}
	for _, c := range []string{"controller", "kind", "missing", "unused"} {
		if len(classes[c]) > 0 {
			fmt.Fprintf(&b, "  class %s %s\n", strings.Join(classes[c], ","), c)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteDOT writes m as a Graphviz digraph (dot -Tsvg).
func (m *Map) WriteDOT(w io.Writer) error {
	g := layout(m)
	var b strings.Builder
	quote := func(lines []string) string {
		for i, l := range lines {
			lines[i] = strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(l)
		}
		return `"` + strings.Join(lines, `\n`) + `"`
	}
	attrs := map[string]string{
		"controller":     `shape=box, style="rounded,filled", fillcolor="#e8f0fe", color="#3367d6"`,
		"kind":           `shape=ellipse, style=filled, fillcolor="#f1f3f4", color="#5f6368"`,
		"webhook":        `shape=hexagon`,
		"webhookMissing": `shape=hexagon, style=filled, fillcolor="#fce8e6", color="#c5221f"`,
		"missing":        `shape=note, style=filled, fillcolor="#fce8e6", color="#c5221f", fontcolor="#a50e0e"`,
		"unused":         `shape=note, style=filled, fillcolor="#fef7e0", color="#b06000"`,
	}
	b.WriteString("digraph controllers {\n  rankdir=LR;\n  node [fontname=\"Helvetica\", fontsize=10];\n  edge [fontname=\"Helvetica\", fontsize=9];\n")
	for _, grp := range g.groups {
		fmt.Fprintf(&b, "  subgraph cluster_%s {\n    label=%s;\n", grp.id, quote([]string{grp.label}))
		for _, n := range grp.nodes {
			fmt.Fprintf(&b, "    %s [%s, label=%s];\n", n.id, attrs[n.shape], quote(append([]string(nil), n.lines...)))
		}
		b.WriteString("  }\n")
	}
	for _, n := range g.kinds {
		fmt.Fprintf(&b, "  %s [%s, label=%s];\n", n.id, attrs[n.shape], quote(append([]string(nil), n.lines...)))
	}
	for _, e := range g.edges {
		style := map[string]string{"watch": "style=dashed", "write": "penwidth=2", "admit": "", "note": "arrowhead=none, style=dotted"}[e.style]
		from, to := e.from, e.to
		if e.style == "watch" {
			// Drawn from the controller, its arrow at the tail: every
			// edge then runs from the managers to the kinds, and dot
			// lays the controllers out on the left, the kinds on the
			// right, instead of folding the cycles a kind both
			// watched and written makes.
			from, to = to, from
			style += ", dir=back"
		}
		var parts []string
		if style != "" {
			parts = append(parts, style)
		}
		if len(e.lines) > 0 {
			parts = append(parts, "label="+quote(append([]string(nil), e.lines...)))
		}
		fmt.Fprintf(&b, "  %s -> %s [%s];\n", from, to, strings.Join(parts, ", "))
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}
