package rbacneeds

import (
	"fmt"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/apimarkers"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/wiring"
)

// The verbs of requests, the missing ones (with partial's rule), the
// needs the map shows and the unused grants, on rules and requests made
// here; rbacgrant's fixtures test the same functions on code.
func TestNeeds(t *testing.T) {
	rules := Grants{
		{Groups: []string{"webapp.example.com"}, Resources: []string{"guestbooks"}, Verbs: []string{"get", "list", "watch", "update"}, At: "a.go:1"},
		{Groups: []string{"webapp.example.com"}, Resources: []string{"guestbooks/status"}, Verbs: []string{"update"}, At: "a.go:2"},
		{Groups: []string{"webapp.example.com"}, Resources: []string{"guestbooks/finalizers"}, Verbs: []string{"update"}, At: "a.go:3"},
		{Groups: []string{"core"}, Resources: []string{"configmaps"}, Verbs: []string{"get", "create"}, At: "a.go:4"},
		{Groups: []string{"*"}, Resources: []string{"leases"}, Verbs: []string{"get"}, At: "a.go:5"},
	}
	gb := apimarkers.Resource{Group: "webapp.example.com", Resource: "guestbooks"}
	cm := apimarkers.Resource{Resource: "configmaps"}
	reqs := []wiring.Request{
		{Resource: gb, Access: wiring.Watch, What: "For(v1alpha1.Guestbook)", At: "c.go:9"},
		{Resource: gb, Access: wiring.Read, Reader: true, What: "Get", At: "c.go:10"},
		{Resource: gb, Sub: "status", Access: "patch", What: "Status().Patch", At: "c.go:11"},
		{Resource: cm, Access: wiring.Read, What: "Get", At: "c.go:12"},
		{Resource: cm, Access: "delete", What: "Delete", At: "c.go:13"},
		{Resource: apimarkers.Resource{Group: "events.k8s.io", Resource: "events"}, Access: wiring.Event, What: "Eventf", At: "c.go:14"},
	}
	render := func(v any) string { return fmt.Sprintf("%+v", v) }

	// A read through a reader takes list and watch, or get; an uncached
	// one get alone.
	if got := render(Options(reqs[1], nil)); got != "[{Group:webapp.example.com Resource:guestbooks Verbs:[list watch]} {Group:webapp.example.com Resource:guestbooks Verbs:[get]}]" {
		t.Errorf("Options of a reader's Get: %s", got)
	}
	if got := render(Options(reqs[3], map[apimarkers.Resource]bool{cm: true})); got != "[{Group: Resource:configmaps Verbs:[get]}]" {
		t.Errorf("Options of an uncached Get: %s", got)
	}

	// A typed clientset's List asks for list alone, cached or not.
	direct := wiring.Request{Resource: cm, Access: wiring.List, Direct: true, What: "List", At: "c.go:20"}
	if got := render(Options(direct, nil)); got != "[{Group: Resource:configmaps Verbs:[list]}]" {
		t.Errorf("Options of a clientset's List: %s", got)
	}

	missing := MissingOf(rules, reqs, nil, false)
	// By group|resource, as rbacgrant reports them: the core group's
	// key ("|configmaps") sorts last.
	want := "[{Group:events.k8s.io Resource:events Verbs:[create patch] By:[{Resource:events.events.k8s.io Sub: Access:event Reader:false Direct:false What:Eventf At:c.go:14 Via:}]} " +
		"{Group:webapp.example.com Resource:guestbooks/status Verbs:[patch] By:[{Resource:guestbooks.webapp.example.com Sub:status Access:patch Reader:false Direct:false What:Status().Patch At:c.go:11 Via:}]} " +
		"{Group: Resource:configmaps Verbs:[list watch delete] By:[{Resource:configmaps Sub: Access:get Reader:false Direct:false What:Get At:c.go:12 Via:} {Resource:configmaps Sub: Access:delete Reader:false Direct:false What:Delete At:c.go:13 Via:}]}]"
	if got := render(missing); got != want {
		t.Errorf("MissingOf:\n got %s\nwant %s", got, want)
	}
	// Partial: only what some marker names (not the events).
	if got := len(MissingOf(rules, reqs, nil, true)); got != 2 {
		t.Errorf("MissingOf partial: %d resources, want 2", got)
	}

	needs := NeedsOf(rules, reqs, nil, false)
	var lines []string
	for _, n := range needs {
		lines = append(lines, fmt.Sprintf("%s|%s %v missing %v", n.Group, n.Resource, n.Verbs, n.Missing))
	}
	if got, want := fmt.Sprint(lines), "[events.k8s.io|events [create patch] missing [create patch] webapp.example.com|guestbooks [list watch] missing [] webapp.example.com|guestbooks/status [patch] missing [patch] |configmaps [list watch delete] missing [list watch delete]]"; got != want {
		t.Errorf("NeedsOf:\n got %s\nwant %s", got, want)
	}

	var unused []string
	for _, u := range UnusedOf(rules, reqs, nil) {
		unused = append(unused, fmt.Sprintf("%s %v %v", u.Rule.At, u.Wildcard, u.Extra))
	}
	// get guestbooks is used by the cached reads; update is not; the
	// /finalizers grant is never reported; configmaps' create is unused.
	if got, want := fmt.Sprint(unused), "[a.go:1 false [update guestbooks] a.go:2 false [update guestbooks/status] a.go:4 false [create configmaps] a.go:5 true []]"; got != want {
		t.Errorf("UnusedOf:\n got %s\nwant %s", got, want)
	}
}

// RBAC's resource wildcards: "*" matches every resource and subresource,
// "*/finalizers" the finalizers of every resource, and nothing else.
func TestResourceWildcards(t *testing.T) {
	rules := Grants{{Groups: []string{"webapp.example.com"}, Resources: []string{"*/finalizers"}, Verbs: []string{"update"}}}
	for _, c := range []struct {
		resource string
		want     bool
	}{
		{"guestbooks/finalizers", true},
		{"backups/finalizers", true},
		{"guestbooks/status", false},
		{"guestbooks", false},
	} {
		if got := rules.Grants("webapp.example.com", c.resource, "update"); got != c.want {
			t.Errorf("*/finalizers grants update on %s: %v, want %v", c.resource, got, c.want)
		}
	}
	all := Grants{{Groups: []string{"*"}, Resources: []string{"*"}, Verbs: []string{"*"}}}
	if !all.Grants("webapp.example.com", "guestbooks/finalizers", "update") {
		t.Error("* does not grant a subresource")
	}
}
