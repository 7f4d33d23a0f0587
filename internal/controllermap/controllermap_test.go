package controllermap

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// sample is a map with what each part of the diagrams draws: a watch with
// predicates and an event filter, a custom predicate whose type needs
// escaping, writes with status and events, finalizers (one of an object
// of unknown type, one without a name), missing and unused RBAC, a
// webhook whose marker path is not served.
func sample() *Map {
	gb := Kind{Group: "webapp.example.com", Version: "v1alpha1", Kind: "Guestbook", Resource: "guestbooks"}
	dep := Kind{Group: "apps", Version: "v1", Kind: "Deployment", Resource: "deployments"}
	return &Map{Binaries: []Binary{{
		Package: "example.com/op/cmd",
		Managers: []Manager{{
			At: "/src/op/cmd/main.go:10",
			Controllers: []Controller{{
				Name:       "guestbook",
				Reconciler: "example.com/op/internal/controller.GuestbookReconciler",
				At:         "/src/op/internal/controller/guestbook.go:40",
				Sources: []Source{
					{Method: "For", Kind: &gb, Handler: "object", At: "/src/op/internal/controller/guestbook.go:41"},
					{Method: "Watches", Kind: &dep, Handler: "owner", OwnerKind: &gb,
						Predicates: []Predicate{{Kind: "or", Operands: []Predicate{{Kind: "label"}, {Kind: "custom", Type: `pkg.T["a"]<x>`}}}},
						At:         "/src/op/internal/controller/guestbook.go:42"},
				},
				EventFilters: []Predicate{{Kind: "generation"}},
				Writes: []Write{
					{Kind: gb, Verbs: []string{"update"}, Status: []string{"patch"}, By: []string{"Update at guestbook.go:50"}},
					{Kind: Kind{Group: "events.k8s.io", Version: "v1", Kind: "Event", Resource: "events"}, Events: true, By: []string{"Eventf at guestbook.go:60"}},
				},
				Finalizers: []Finalizer{
					{Name: "example.com/cleanup", Op: "add", Kind: gb, At: []string{"/src/op/internal/controller/guestbook.go:55"}},
					{Op: "remove", At: []string{"/elsewhere/x.go:3"}},
				},
				RBAC: []Need{{Group: "events.k8s.io", Resource: "events", Verbs: []string{"create", "patch"}, Missing: []string{"create", "patch"}}},
			}},
			Webhooks: []Webhook{{Kind: &gb, Defaulting: true, Paths: []string{"/mutate-webapp-example-com-v1alpha1-guestbook"},
				Markers: []WebhookMarker{{Path: "/mutate-typo", Mutating: true, At: "/src/op/api/webhook.go:5"}}, At: "/src/op/api/webhook.go:9"}},
			RBAC: RBAC{Judged: true,
				Missing: []Need{{Group: "events.k8s.io", Resource: "events", Verbs: []string{"create", "patch"}, Missing: []string{"create", "patch"}}, {Group: "", Resource: "nodes", Verbs: []string{"list"}, Missing: []string{"list"}}},
				Unused:  []Unused{{At: "guestbook.go:20", Grants: []string{"delete deployments"}}, {At: "guestbook.go:21", Wildcard: true}}},
		}},
	}}}
}

func TestMermaid(t *testing.T) {
	var b bytes.Buffer
	if err := sample().WriteMermaid(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"flowchart LR\n",
		`  subgraph b0m0["example.com/op/cmd · manager /src/op/cmd/main.go:10"]` + "\n",
		`    b0m0c0["guestbook<br/>GuestbookReconciler"]` + "\n",
		// The predicates and the event filter, on the watch edge; the
		// custom type's quotes and angle brackets escaped.
		`  k_apps_Deployment -.->|"Watches → owner Guestbook · or(label, custom(pkg.T[#quot;a#quot;]&lt;x&gt;)), generation"| b0m0c0` + "\n",
		`  b0m0c0 ==>|"update<br/>status: patch<br/>finalizer + example.com/cleanup"| k_webapp_example_com_Guestbook` + "\n",
		`  b0m0c0 ==>|"records events"| k_events_k8s_io_Event` + "\n",
		`  b0m0c0 ==>|"finalizer − (a list set whole)"| k__unknown` + "\n",
		`    b0m0c0rbac[/"missing RBAC<br/>create, patch events (events.k8s.io)"/]` + "\n",
		// Only what no controller misses is the manager's own note.
		`    b0m0rbac[/"missing RBAC (outside controllers)<br/>list nodes"/]` + "\n",
		`    b0m0unused[/"granted, never used<br/>guestbook.go:20: delete deployments<br/>guestbook.go:21: a wildcard"/]` + "\n",
		`    b0m0w0{{"webhook<br/>/mutate-webapp-example-com-v1alpha1-guestbook<br/>marker at /src/op/api/webhook.go:5: /mutate-typo not served"}}` + "\n",
		`  b0m0w0 -->|"defaults"| k_webapp_example_com_Guestbook` + "\n",
		"  class b0m0c0rbac,b0m0w0,b0m0rbac missing\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("mermaid output lacks %q:\n%s", want, out)
		}
	}
}

func TestDOT(t *testing.T) {
	var b bytes.Buffer
	if err := sample().WriteDOT(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"digraph controllers {\n",
		"  subgraph cluster_b0m0 {\n",
		// A watch runs from the controller with its arrow at the tail.
		`  b0m0c0 -> k_apps_Deployment [style=dashed, dir=back, label="Watches → owner Guestbook · or(label, custom(pkg.T[\"a\"]<x>)), generation"];` + "\n",
		`  b0m0c0 -> k_webapp_example_com_Guestbook [penwidth=2, label="update\nstatus: patch\nfinalizer + example.com/cleanup"];` + "\n",
		"  b0m0c0 -> b0m0c0rbac [arrowhead=none, style=dotted];\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("DOT output lacks %q:\n%s", want, out)
		}
	}
	if !strings.HasSuffix(out, "}\n") {
		t.Errorf("DOT output does not end the graph:\n%s", out)
	}
}

// Relative makes the analyzer's absolute places relative to the directory
// the command ran in, and leaves the base names of wiring's and the
// markers' places, and places outside it, as they are.
func TestRelative(t *testing.T) {
	m := sample()
	m.Relative("/src/op")
	mg := m.Binaries[0].Managers[0]
	c := mg.Controllers[0]
	got := []string{mg.At, c.At, c.Sources[1].At, c.Finalizers[0].At[0], c.Finalizers[1].At[0], mg.Webhooks[0].At, mg.Webhooks[0].Markers[0].At, mg.RBAC.Unused[0].At}
	want := []string{"cmd/main.go:10", "internal/controller/guestbook.go:40", "internal/controller/guestbook.go:42", "internal/controller/guestbook.go:55", "/elsewhere/x.go:3", "api/webhook.go:9", "api/webhook.go:5", "guestbook.go:20"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("Relative: %q, want %q", got, want)
	}
}

// Merge keeps one binary per package (a package main and its test
// variant report the same), sorted; the JSON of an empty map still has
// its list.
func TestMergeAndJSON(t *testing.T) {
	var m Map
	m.Merge(Binary{Package: "b"}, Binary{Package: "a"}, Binary{Package: "b"})
	if len(m.Binaries) != 2 || m.Binaries[0].Package != "a" || m.Binaries[1].Package != "b" {
		t.Errorf("Merge: %+v", m.Binaries)
	}
	var b bytes.Buffer
	if err := (&Map{}).WriteJSON(&b); err != nil || b.String() != "{\n  \"binaries\": []\n}\n" {
		t.Errorf("empty map's JSON: %q, %v", b.String(), err)
	}
	b.Reset()
	if err := sample().WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	var back Map
	if err := json.Unmarshal(b.Bytes(), &back); err != nil || back.Binaries[0].Managers[0].Controllers[0].Sources[1].Predicates[0].Operands[1].Type != `pkg.T["a"]<x>` {
		t.Errorf("JSON round trip: %v\n%s", err, b.String())
	}
}
