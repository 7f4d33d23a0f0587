package golangciconf_test

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
	"github.com/reconcilecheck/reconcilecheck/plugin/golangciconf"
)

// The files kubebuilder v4.16.0 writes with "kubebuilder init".
func kubebuilderFile(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "kubebuilder-v4.16.0"+name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// subsequence reports whether every line of a is in b, in order.
func subsequence(a, b string) bool {
	bl := strings.Split(b, "\n")
	j := 0
	for _, l := range strings.Split(a, "\n") {
		for j < len(bl) && bl[j] != l {
			j++
		}
		if j == len(bl) {
			return false
		}
		j++
	}
	return true
}

// Merging into kubebuilder's .golangci.yml keeps its lines and adds the
// generated entries; a second merge changes nothing.
func TestMergeKubebuilder(t *testing.T) {
	shipOff(t, "createexists")
	kb := kubebuilderFile(t, ".golangci.yml")
	out, changed, err := golangciconf.Merge(kb)
	if err != nil || !changed {
		t.Fatalf("Merge: changed %v, %v", changed, err)
	}
	if !subsequence(kb, out) {
		t.Errorf("Merge lost or reordered lines of kubebuilder's file:\n%s", out)
	}
	got := parse(t, "the merged file", out)
	want := parse(t, "the generated configuration", golangciconf.Generate())
	kbConf := parse(t, "kubebuilder's file", kb)
	if wantEnable := slices.Concat(kbConf.Linters.Enable, want.Linters.Enable); !slices.Equal(got.Linters.Enable, wantEnable) {
		t.Errorf("merged linters.enable %v, want %v", got.Linters.Enable, wantEnable)
	}
	for name, e := range want.Linters.Settings.Custom {
		if !reflect.DeepEqual(got.Linters.Settings.Custom[name], e) {
			t.Errorf("merged entry of %s: %+v, want %+v", name, got.Linters.Settings.Custom[name], e)
		}
	}
	if _, ok := got.Linters.Settings.Custom["logcheck"]; !ok {
		t.Error("the merge lost kubebuilder's logcheck entry")
	}
	if !reflect.DeepEqual(got.Severity, want.Severity) || !reflect.DeepEqual(got.Issues, want.Issues) {
		t.Errorf("merged severity %v and issues %v, want %v and %v", got.Severity, got.Issues, want.Severity, want.Issues)
	}
	// The off checks come commented out, ready to uncomment.
	if !strings.Contains(out, "    # - createexists\n") || !strings.Contains(out, "      # createexists:\n") {
		t.Errorf("the merged file lacks the commented-out createexists lines:\n%s", out)
	}
	again, changed, err := golangciconf.Merge(out)
	if err != nil || changed || again != out {
		t.Errorf("a second Merge: changed %v, %v", changed, err)
	}
}

func TestMergeShapes(t *testing.T) {
	on := 0
	for _, c := range registry.Checks() {
		if c.Off == "" {
			on++
		}
	}
	for name, text := range map[string]string{
		"empty":          "",
		"no linters":     "version: \"2\"\nformatters:\n  enable:\n    - gofmt\n",
		"no settings":    "version: \"2\"\nlinters:\n  enable:\n    - errcheck\n",
		"no custom":      "version: \"2\"\nlinters:\n  enable:\n    - errcheck\n  settings:\n    revive:\n      rules: []\n",
		"issues already": "version: \"2\"\nlinters:\n  default: standard\nissues:\n  max-same-issues: 0\n",
	} {
		out, changed, err := golangciconf.Merge(text)
		if err != nil || !changed {
			t.Errorf("%s: Merge: changed %v, %v", name, changed, err)
			continue
		}
		c := parse(t, name+" merged", out)
		if n := len(c.Linters.Settings.Custom); n != on {
			t.Errorf("%s: %d custom entries, want %d:\n%s", name, n, on, out)
		}
		if c.Issues["uniq-by-line"] != false {
			t.Errorf("%s: issues %v:\n%s", name, c.Issues, out)
		}
		if !subsequence(text, out) {
			t.Errorf("%s: lines lost:\n%s", name, out)
		}
	}
	for name, text := range map[string]string{
		"one linter":  "linters:\n  settings:\n    custom:\n      reconcilecheck:\n        type: module\n",
		"flow enable": "linters:\n  enable: [errcheck]\n",
		"not yaml":    "linters: [\n",
	} {
		if _, _, err := golangciconf.Merge(text); err == nil {
			t.Errorf("%s: Merge succeeded, want an error", name)
		}
	}
}

func TestMergeCustomGCL(t *testing.T) {
	kb := kubebuilderFile(t, ".custom-gcl.yml")
	out, changed, err := golangciconf.MergeCustomGCL(kb, "v2.15.0")
	if err != nil || !changed || !subsequence(kb, out) {
		t.Fatalf("MergeCustomGCL: changed %v, %v:\n%s", changed, err, out)
	}
	var c struct {
		Version string
		Plugins []struct{ Module, Import, Version string }
	}
	if err := yaml.Unmarshal([]byte(out), &c); err != nil {
		t.Fatal(err)
	}
	if len(c.Plugins) != 2 || c.Plugins[1].Module != golangciconf.PluginModule || c.Plugins[1].Import != golangciconf.PluginImport || c.Version != "v2.13.1" {
		t.Errorf("merged .custom-gcl.yml: %+v", c)
	}
	if again, changed, err := golangciconf.MergeCustomGCL(out, "v2.15.0"); err != nil || changed || again != out {
		t.Errorf("a second MergeCustomGCL: changed %v, %v", changed, err)
	}
	out, changed, err = golangciconf.MergeCustomGCL("", "v2.15.0")
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal([]byte(out), &c); err != nil || !changed || len(c.Plugins) != 1 || c.Version != "v2.15.0" {
		t.Errorf("a new .custom-gcl.yml: %+v, %v", c, err)
	}
}
