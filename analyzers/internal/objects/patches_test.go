package objects_test

import (
	"slices"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
)

// TestPatchParts: what a merge patch's keys and a JSON patch's paths
// write, labels and annotations one by one; a whole-object path; text that
// is no patch.
func TestPatchParts(t *testing.T) {
	ann := func(k string) objects.PatchPart { return objects.PatchPart{Map: knowledge.Annotations, Key: k} }
	for _, c := range []struct {
		text    string
		parts   []objects.PatchPart
		all, ok bool
	}{
		{`{"metadata":{"annotations":{"example.com/a":null}}}`, []objects.PatchPart{ann("example.com/a")}, false, true},
		{`{"spec":{"replicas":2},"metadata":{"finalizers":null}}`, []objects.PatchPart{{Field: "finalizers"}, {Field: "spec"}}, false, true},
		{`{"metadata":null}`, []objects.PatchPart{{Field: "metadata"}}, false, true},
		{`[{"op":"remove","path":"/metadata/annotations/example.com~1a"}]`, []objects.PatchPart{ann("example.com/a")}, false, true},
		{`[{"op":"replace","path":"/status/phase","value":"x"},{"op":"add","path":"/metadata/labels/app","value":"y"}]`,
			[]objects.PatchPart{{Field: "status"}, {Map: knowledge.Labels, Key: "app"}}, false, true},
		{`[{"op":"replace","path":"","value":{}}]`, nil, true, true},
		{`[{"op":"remove"}]`, nil, false, false},
		{`not json`, nil, false, false},
	} {
		parts, all, ok := objects.PatchParts(c.text)
		sortParts := func(p []objects.PatchPart) {
			slices.SortFunc(p, func(a, b objects.PatchPart) int {
				if a.Field != b.Field {
					if a.Field < b.Field {
						return -1
					}
					return 1
				}
				if a.Key < b.Key {
					return -1
				}
				if a.Key > b.Key {
					return 1
				}
				return 0
			})
		}
		sortParts(parts)
		sortParts(c.parts)
		if !slices.Equal(parts, c.parts) || all != c.all || ok != c.ok {
			t.Errorf("PatchParts(%s) = %v, %v, %v; want %v, %v, %v", c.text, parts, all, ok, c.parts, c.all, c.ok)
		}
	}
}
