package plugin_test

import (
	"go/token"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
	"github.com/reconcilecheck/reconcilecheck/plugin"
)

func names(t *testing.T, conf any) []string {
	t.Helper()
	plugin.ResetForms()
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

// shipOff makes a check ship off for the test, as one that falls short of
// its measurement would (none may ship off today).
func shipOff(t *testing.T, check string) {
	t.Helper()
	restore, err := registry.ShipOff(check, "for the test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(restore)
}

func TestSettings(t *testing.T) {
	shipOff(t, "createexists")
	all := 0 // the checks on by default
	for _, c := range registry.Checks() {
		if c.Off == "" {
			all++
		}
	}
	if got := names(t, nil); len(got) != all || strings.Contains(strings.Join(got, " "), "createexists") {
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
	loop, _ := registry.Lookup("createexists")
	defer func() {
		if err := loop.Flags.Set("enable", "false"); err != nil {
			t.Error(err)
		}
	}()
	if got := names(t, map[string]any{"enable": []any{"createexists"}}); strings.Join(got, " ") != "createexists" {
		t.Errorf("enable createexists: %v", got)
	}
	if err := loop.Flags.Set("enable", "false"); err != nil {
		t.Fatal(err)
	}
	if got := names(t, map[string]any{"flags": map[string]any{"createexists": map[string]any{"enable": true}}}); len(got) != all+1 {
		t.Errorf("flags createexists.enable: %v, want the %d on by default and createexists", got, all)
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
		plugin.ResetForms()
		_, err := plugin.New(tc.conf)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New(%v) = %v, want an error containing %q", tc.conf, err, tc.want)
		}
	}
}

// Each check is also a plugin of its own name, whose settings are the
// check's flags; naming it runs it, off by default or not.
func TestPerCheck(t *testing.T) {
	for _, c := range registry.Checks() {
		if _, err := register.GetPlugin(c.Analyzer.Name); err != nil {
			t.Errorf("no plugin for check %s: %v", c.Analyzer.Name, err)
		}
	}
	build := func(check string, conf any) ([]*analysis.Analyzer, error) {
		t.Helper()
		plugin.ResetForms()
		newPlugin, err := register.GetPlugin(check)
		if err != nil {
			t.Fatal(err)
		}
		p, err := newPlugin(conf)
		if err != nil {
			return nil, err
		}
		if p.GetLoadMode() != register.LoadModeTypesInfo {
			t.Errorf("load mode %q", p.GetLoadMode())
		}
		return p.BuildAnalyzers()
	}

	up, _ := registry.Lookup("updatepatch")
	defer func() {
		if err := up.Flags.Set("all", "false"); err != nil {
			t.Error(err)
		}
	}()
	as, err := build("updatepatch", map[string]any{"all": true})
	if err != nil || len(as) != 1 || as[0].Name != "updatepatch" {
		t.Fatalf("updatepatch plugin: %v, %v", as, err)
	}
	if v := up.Flags.Lookup("all").Value.String(); v != "true" {
		t.Errorf("updatepatch.all = %s after its settings, want true", v)
	}

	shipOff(t, "createexists")
	loop, _ := registry.Lookup("createexists")
	defer func() {
		if err := loop.Flags.Set("enable", "false"); err != nil {
			t.Error(err)
		}
	}()
	if as, err := build("createexists", nil); err != nil || len(as) != 1 || as[0].Name != "createexists" || loop.Flags.Lookup("enable").Value.String() != "true" {
		t.Errorf("createexists plugin (off by default): %v, %v, enable=%s", as, err, loop.Flags.Lookup("enable").Value)
	}

	for _, tc := range []struct {
		check string
		conf  any
		want  string
	}{
		{"updatepatch", map[string]any{"al": true}, `updatepatch settings: check updatepatch has no flag "al"`},
		{"updatepatch", map[string]any{"all": "maybe"}, `invalid value "maybe" for flag updatepatch.all`},
		{"notfounderr", map[string]any{"x": 1}, "check notfounderr has no flags"},
		{"notfounderr", map[string]any{"enable": false}, `check notfounderr has no flags (asked for "enable")`},
		{"updatepatch", []any{"all"}, "updatepatch settings (the check's flags, name: value)"},
	} {
		if _, err := build(tc.check, tc.conf); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s plugin with %v: %v, want an error containing %q", tc.check, tc.conf, err, tc.want)
		}
	}
}

// A configuration with both forms is refused, whichever comes first.
func TestBothForms(t *testing.T) {
	plugin.ResetForms()
	defer plugin.ResetForms()
	if _, err := plugin.New(nil); err != nil {
		t.Fatal(err)
	}
	newPlugin, _ := register.GetPlugin("notfounderr")
	if _, err := newPlugin(nil); err == nil || !strings.Contains(err.Error(), "keep one form") {
		t.Errorf("per-check linter after the reconcilecheck one: %v, want refused", err)
	}
	plugin.ResetForms()
	if _, err := newPlugin(nil); err != nil {
		t.Fatal(err)
	}
	if _, err := plugin.New(nil); err == nil || !strings.Contains(err.Error(), "(notfounderr)") {
		t.Errorf("reconcilecheck linter after a per-check one: %v, want refused naming notfounderr", err)
	}
}

// Related information goes into the message, where a //nolint on the
// finding's line covers it.
func TestFoldRelated(t *testing.T) {
	fset := token.NewFileSet()
	a := fset.AddFile("/x/a.go", -1, 100)
	a.SetLines([]int{0, 10, 20, 30})
	b := fset.AddFile("/x/b.go", -1, 100)
	b.SetLines([]int{0, 10, 20})
	d := analysis.Diagnostic{Pos: a.Pos(5), Message: "finding", Related: []analysis.RelatedInformation{
		{Pos: a.Pos(25), Message: "here"},
		{Pos: b.Pos(15), Message: "there"},
	}}
	if got, want := plugin.FoldRelated(fset, d), "finding (line 3: here; b.go:2: there)"; got != want {
		t.Errorf("FoldRelated = %q, want %q", got, want)
	}
	d.Related = nil
	if got := plugin.FoldRelated(fset, d); got != "finding" {
		t.Errorf("FoldRelated without related information = %q", got)
	}
}
