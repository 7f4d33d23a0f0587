package plugin_test

import (
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"

	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
	"github.com/reconcilecheck/reconcilecheck/plugin"
)

func names(t *testing.T, conf any) []string {
	t.Helper()
	p, err := plugin.New(conf)
	if err != nil {
		t.Fatalf("New(%v): %v", conf, err)
	}
	if p.GetLoadMode() != register.LoadModeTypesInfo {
		t.Errorf("load mode %q, want %q", p.GetLoadMode(), register.LoadModeTypesInfo)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return out
}

func TestRegistered(t *testing.T) {
	if _, err := register.GetPlugin(plugin.Name); err != nil {
		t.Fatal(err)
	}
}

func TestSettings(t *testing.T) {
	all := 0 // the checks on by default
	for _, c := range registry.Checks() {
		if c.Off == "" {
			all++
		}
	}
	if got := names(t, nil); len(got) != all || strings.Contains(strings.Join(got, " "), "statusloop") {
		t.Errorf("no settings: %d checks %v, want the %d on by default", len(got), got, all)
	}
	if got := names(t, map[string]any{"disable": []any{"updatepatch"}}); len(got) != all-1 || strings.Contains(strings.Join(got, " "), "updatepatch") {
		t.Errorf("disable updatepatch: %v", got)
	}
	if got := names(t, map[string]any{"enable": []any{"notfounderr", "droppederr"}}); strings.Join(got, " ") != "droppederr notfounderr" {
		t.Errorf("enable two: %v (want catalogue order)", got)
	}

	// A check off by default runs when enable names it, or its flags
	// turn it on; its own flags then apply.
	loop, _ := registry.Lookup("statusloop")
	defer func() {
		if err := loop.Flags.Set("enable", "false"); err != nil {
			t.Error(err)
		}
	}()
	if got := names(t, map[string]any{"enable": []any{"statusloop"}}); strings.Join(got, " ") != "statusloop" {
		t.Errorf("enable statusloop: %v", got)
	}
	if err := loop.Flags.Set("enable", "false"); err != nil {
		t.Fatal(err)
	}
	if got := names(t, map[string]any{"flags": map[string]any{"statusloop": map[string]any{"enable": true}}}); len(got) != all+1 {
		t.Errorf("flags statusloop.enable: %v, want the %d on by default and statusloop", got, all)
	}

	// A check's own flags apply once it is on.
	rbac, _ := registry.Lookup("rbacgrant")
	defer func() {
		if err := rbac.Flags.Set("unused", "false"); err != nil {
			t.Error(err)
		}
	}()
	if got := names(t, map[string]any{"enable": []any{"rbacgrant"}, "flags": map[string]any{"rbacgrant": map[string]any{"unused": true}}}); strings.Join(got, " ") != "rbacgrant" {
		t.Errorf("enable rbacgrant with -rbacgrant.unused: %v", got)
	}

	// Flags: the same FlagSet that -updatepatch.all sets in vet mode.
	a, _ := registry.Lookup("updatepatch")
	defer func() {
		if err := a.Flags.Set("all", "false"); err != nil {
			t.Error(err)
		}
	}()
	names(t, map[string]any{"flags": map[string]any{"updatepatch": map[string]any{"all": true}}})
	if v := a.Flags.Lookup("all").Value.String(); v != "true" {
		t.Errorf("updatepatch.all = %s after settings, want true", v)
	}
}

func TestBadSettings(t *testing.T) {
	rbac, _ := registry.Lookup("rbacgrant")
	defer func() {
		for f, v := range map[string]string{"unused": "false", "enable": "true"} {
			if err := rbac.Flags.Set(f, v); err != nil {
				t.Error(err)
			}
		}
	}()
	for _, tc := range []struct {
		conf any
		want string
	}{
		{map[string]any{"enabel": []any{"x"}}, `unknown field "enabel"`},
		{map[string]any{"enable": []any{"nosuch"}}, `enable: unknown check "nosuch"`},
		{map[string]any{"disable": []any{"nosuch"}}, `disable: unknown check "nosuch"`},
		{map[string]any{"flags": map[string]any{"nosuch": map[string]any{"x": 1}}}, `unknown check "nosuch"`},
		{map[string]any{"flags": map[string]any{"updatepatch": map[string]any{"nope": 1}}}, `check updatepatch has no flag "nope"`},
		{map[string]any{"flags": map[string]any{"updatepatch": map[string]any{"all": "maybe"}}}, `invalid value "maybe" for flag updatepatch.all`},
		{map[string]any{"enable": []any{"notfounderr"}, "disable": []any{"notfounderr"}}, "no check left to run"},
		{map[string]any{"flags": map[string]any{"rbacgrant": map[string]any{"enable": false, "unused": true}}}, "-rbacgrant.unused has no effect: check rbacgrant is turned off; turn it on with -rbacgrant.enable"},
		{"a string", "reconcilecheck settings"},
	} {
		_, err := plugin.New(tc.conf)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New(%v) = %v, want an error containing %q", tc.conf, err, tc.want)
		}
	}
}
