package golangciconf_test

import (
	"flag"
	"fmt"
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

type config struct {
	Linters struct {
		Enable   []string
		Settings struct {
			Custom map[string]struct {
				Type        string
				Description string
				OriginalURL string `json:"original-url"`
				Settings    map[string]any
			}
		}
	}
	Severity any
	Issues   map[string]any
}

func parse(t *testing.T, what, text string) config {
	t.Helper()
	var c config
	if err := yaml.Unmarshal([]byte(text), &c); err != nil {
		t.Fatalf("%s is not YAML: %v", what, err)
	}
	return c
}

// shipOff makes a check ship off for the test, as one that falls short of
// its measurement would: the generated text must serve checks off by
// default whether or not one ships off today.
func shipOff(t *testing.T, check string) {
	t.Helper()
	restore, err := registry.ShipOff(check, "for the test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(restore)
}

// The generated entries: every check on by default is enabled, with its
// summary, page and flags; the warning checks get severity warning. A
// check off by default is left out (its lines come commented out).
func TestGenerate(t *testing.T) {
	t.Run("as shipped", testGenerate)
	t.Run("one check off", func(t *testing.T) {
		shipOff(t, "createexists")
		testGenerate(t)
	})
}

func testGenerate(t *testing.T) {
	c := parse(t, "the generated configuration", golangciconf.Generate())
	var on []string
	for _, ck := range registry.Checks() {
		a := ck.Analyzer
		if ck.Off == "" {
			on = append(on, a.Name)
		}
		e, ok := c.Linters.Settings.Custom[a.Name]
		if ok != (ck.Off == "") {
			t.Errorf("custom entry of %s: present %v, off by default %v", a.Name, ok, ck.Off != "")
		}
		if !ok {
			continue
		}
		if e.Type != "module" || e.Description != golangciconf.Summary(a.Doc) || e.OriginalURL != a.URL {
			t.Errorf("custom entry of %s: %+v", a.Name, e)
		}
		n := 0
		a.Flags.VisitAll(func(f *flag.Flag) {
			if f.Name == "enable" {
				return
			}
			n++
			if v, ok := e.Settings[f.Name]; !ok || fmt.Sprint(v) != f.DefValue {
				t.Errorf("%s's settings give %s = %v, want its default %s", a.Name, f.Name, v, f.DefValue)
			}
		})
		if n != len(e.Settings) {
			t.Errorf("%s's settings %v, want its %d flags", a.Name, e.Settings, n)
		}
	}
	if !slices.Equal(c.Linters.Enable, on) {
		t.Errorf("enabled linters %v, want the checks on by default %v", c.Linters.Enable, on)
	}
}

// Uncommenting an off check's lines gives it a valid entry.
func TestUncommentOff(t *testing.T) {
	shipOff(t, "createexists")
	if !strings.Contains(golangciconf.Generate(), "    # - createexists\n") {
		t.Fatal("createexists, off, is not commented out in the generated text")
	}
	var lines []string
	for _, l := range strings.Split(golangciconf.Generate(), "\n") {
		if strings.HasPrefix(l, "    # - ") || (strings.HasPrefix(l, "      # ") && !strings.Contains(l, "is off by default")) {
			l = strings.Replace(l, "# ", "", 1)
		}
		lines = append(lines, l)
	}
	c := parse(t, "the configuration with the off checks uncommented", strings.Join(lines, "\n"))
	for _, ck := range registry.Checks() {
		if !slices.Contains(c.Linters.Enable, ck.Analyzer.Name) {
			t.Errorf("%s is not enabled once uncommented", ck.Analyzer.Name)
		}
		if e := c.Linters.Settings.Custom[ck.Analyzer.Name]; e.Type != "module" || e.OriginalURL != ck.Analyzer.URL {
			t.Errorf("%s's entry once uncommented: %+v", ck.Analyzer.Name, e)
		}
	}
}

// docs/golangci.yml is the generated text, and the example's
// .golangci.yml (kubebuilder's, with the entries merged in) holds the
// same linters, entries and severity rules.
func TestCopies(t *testing.T) {
	gen := golangciconf.Generate()
	root := filepath.Join("..", "..")
	docs, err := os.ReadFile(filepath.Join(root, "docs", "golangci.yml"))
	if err != nil {
		t.Fatal(err)
	}
	if string(docs) != gen {
		t.Errorf("docs/golangci.yml is not the output of reconcilecheck -golangci-config: regenerate it with\n\tgo run ./cmd/reconcilecheck -golangci-config > docs/golangci.yml")
	}
	ex, err := os.ReadFile(filepath.Join(root, "testdata", "example", ".golangci.yml"))
	if err != nil {
		t.Fatal(err)
	}
	want := parse(t, "the generated configuration", gen)
	got := parse(t, "testdata/example/.golangci.yml", string(ex))
	for _, l := range want.Linters.Enable {
		if !slices.Contains(got.Linters.Enable, l) {
			t.Errorf("testdata/example/.golangci.yml does not enable %s", l)
		}
	}
	for name, e := range want.Linters.Settings.Custom {
		if !reflect.DeepEqual(got.Linters.Settings.Custom[name], e) {
			t.Errorf("testdata/example/.golangci.yml's entry of %s: %+v, want %+v", name, got.Linters.Settings.Custom[name], e)
		}
	}
	if !reflect.DeepEqual(got.Severity, want.Severity) || !reflect.DeepEqual(got.Issues, want.Issues) {
		t.Errorf("testdata/example/.golangci.yml: severity %v and issues %v, want %v and %v", got.Severity, got.Issues, want.Severity, want.Issues)
	}
}
