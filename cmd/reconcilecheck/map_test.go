package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/e2e/exampletest"
	"github.com/reconcilecheck/reconcilecheck/internal/controllermap"
)

var updateMap = flag.Bool("update-map", false, "write the example's map into README.md's mermaid block")

// readmeMapStart and readmeMapEnd delimit the example's map in README.md.
const (
	readmeMapStart = "<!-- map of testdata/example: go run ./cmd/reconcilecheck map -C testdata/example ./... -->\n```mermaid\n"
	readmeMapEnd   = "```\n"
)

// mapRun runs the map command and returns its stdout, stderr and status.
func mapRun(t *testing.T, bin string, args ...string) (string, string, int) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, append([]string{"map"}, args...)...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	code := 0
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatal(err)
		}
		code = ee.ExitCode()
	}
	return stdout.String(), stderr.String(), code
}

// TestExampleMap pins the example operator's map: the README's mermaid
// block is the map the command prints (rewrite it with -update-map after
// reading the new map against the example's code), its JSON reads back
// into the documented schema, and the RBAC it marks missing is what
// rbacgrant reports there. The map runs go vet with flags of its own, so
// its first run analyses the dependencies again; the other formats come
// from go vet's cache.
func TestExampleMap(t *testing.T) {
	bin := buildBinary(t)
	dir := exampletest.Dir(t)
	out, stderr, code := mapRun(t, bin, "-format", "json", "-C", dir, "./...")
	if code != 0 {
		t.Fatalf("reconcilecheck map -format json exited %d:\n%s", code, stderr)
	}
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	var m controllermap.Map
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("the map's JSON does not read back into the schema: %v\n%s", err, out)
	}
	if len(m.Binaries) != 1 || m.Binaries[0].Package != "example.com/guestbook-operator/cmd" || len(m.Binaries[0].Managers) != 1 {
		t.Fatalf("want one binary, example.com/guestbook-operator/cmd, with one manager; got %s", out)
	}
	mg := m.Binaries[0].Managers[0]
	var names []string
	for _, c := range mg.Controllers {
		names = append(names, c.Name)
	}
	if want := []string{"guestbook", "guestbookaccount", "guestbookbackup", "guestbookprobe", "guestbookrestore", "namespace"}; !slices.Equal(names, want) {
		t.Errorf("controllers %v, want %v", names, want)
	}
	// The missing RBAC is rbacgrant's finding, at the same manager.
	var rbac []exampletest.Finding
	for _, f := range exampleWant(t, dir) {
		if f.Check == "rbacgrant" {
			rbac = append(rbac, f)
		}
	}
	// Two findings, both at the manager: the events of events.k8s.io and
	// the namespaces' finalizers a blocking owner reference needs.
	if len(rbac) != 2 || slices.ContainsFunc(rbac, func(f exampletest.Finding) bool { return mg.At != f.File+":"+strconv.Itoa(f.Line) }) {
		t.Errorf("manager at %s, want rbacgrant's two findings' place %v", mg.At, rbac)
	}
	var missing []string
	for _, m := range mg.RBAC.Missing {
		missing = append(missing, m.Group+"|"+m.Resource)
	}
	if want := []string{"events.k8s.io|events", "|namespaces/finalizers"}; !slices.Equal(missing, want) {
		t.Errorf("missing RBAC %+v, want rbacgrant's: %v", mg.RBAC.Missing, want)
	}

	var want bytes.Buffer
	if err := m.WriteMermaid(&want); err != nil {
		t.Fatal(err)
	}
	mermaid, stderr, code := mapRun(t, bin, "-C", dir, "./...")
	if code != 0 || mermaid != want.String() {
		t.Errorf("reconcilecheck map (mermaid) exited %d, output differs from the JSON's rendering:\n%s\n%s", code, stderr, mermaid)
	}
	dot, stderr, code := mapRun(t, bin, "-format=dot", "-C", dir, "./...")
	if code != 0 || !strings.HasPrefix(dot, "digraph controllers {\n") || !strings.Contains(dot, "b0m0c2 -> b0m0c2rbac") {
		t.Errorf("reconcilecheck map -format=dot exited %d:\n%s\n%s", code, stderr, dot)
	}

	readmePath := filepath.Join(exampletest.RepoRoot(t), "README.md")
	readme, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	before, rest, ok := strings.Cut(string(readme), readmeMapStart)
	block, after, ok2 := strings.Cut(rest, readmeMapEnd)
	if !ok || !ok2 {
		t.Fatalf("README.md has no block %q ... %q", readmeMapStart, readmeMapEnd)
	}
	if *updateMap {
		if err := os.WriteFile(readmePath, []byte(before+readmeMapStart+mermaid+readmeMapEnd+after), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if block != mermaid {
		t.Errorf("README.md's map of the example is not what reconcilecheck map prints; read the new map against the example's code, then run go test ./cmd/reconcilecheck -run TestExampleMap -update-map:\n%s", mermaid)
	}
}

// The map's command line: -format's values, its flags anywhere before the
// patterns, and no check flag (the checks do not run).
func TestParseMapArgs(t *testing.T) {
	o, err := parseMapArgs([]string{"-C", "x", "-format=json", "-tags", "e2e", "./..."})
	if err != nil || o.dir != "x" || o.format != "json" || !slices.Equal(o.vetFlags, []string{"-tags=e2e"}) || !slices.Equal(o.listFlags, []string{"-tags=e2e"}) || !slices.Equal(o.patterns, []string{"./..."}) {
		t.Errorf("parseMapArgs: %+v, %v", o, err)
	}
	o, err = parseMapArgs(nil)
	if err != nil || o.format != "mermaid" || !slices.Equal(o.patterns, []string{"."}) {
		t.Errorf("parseMapArgs(nil): %+v, %v", o, err)
	}
	for _, args := range [][]string{{"-format", "svg"}, {"-notfounderr=false"}, {"-json"}, {"./...", "-format=dot"}, {"-format"}} {
		if _, err := parseMapArgs(args); err == nil {
			t.Errorf("parseMapArgs(%q): no error", args)
		}
	}
}

// mapSummary renders a map's binaries, managers and controllers one per
// line, for a test to compare.
func mapSummary(m *controllermap.Map) []string {
	var out []string
	for _, b := range m.Binaries {
		out = append(out, "binary "+b.Package)
		for _, mg := range b.Managers {
			var missing, unused, other []string
			for _, n := range mg.RBAC.Missing {
				missing = append(missing, n.Resource+":"+strings.Join(n.Missing, ","))
			}
			for _, u := range mg.RBAC.Unused {
				unused = append(unused, u.At+" "+strings.Join(u.Grants, ","))
			}
			for _, n := range mg.RBAC.Other {
				other = append(other, n.Resource+":"+strings.Join(n.Verbs, ","))
			}
			out = append(out, fmt.Sprintf(" manager %s judged=%v partial=%v missing=%v unused=%v other=%v", mg.At, mg.RBAC.Judged, mg.RBAC.Partial, missing, unused, other))
			for _, c := range mg.Controllers {
				var srcs, writes, fins, needs []string
				for _, s := range c.Sources {
					src := s.Method + "(" + s.Kind.Kind + " " + s.Handler
					if s.OwnerKind != nil {
						src += " of " + s.OwnerKind.Kind
					}
					for _, p := range s.Predicates {
						src += " " + p.String()
					}
					srcs = append(srcs, src+")")
				}
				for _, p := range c.EventFilters {
					srcs = append(srcs, "filter "+p.String())
				}
				for _, w := range c.Writes {
					writes = append(writes, fmt.Sprintf("%s%v status%v", w.Kind.Kind, w.Verbs, w.Status))
				}
				for _, f := range c.Finalizers {
					fins = append(fins, f.Op+" "+f.Name+" "+f.Kind.Kind+" "+strings.Join(f.At, ","))
				}
				for _, n := range c.RBAC {
					needs = append(needs, n.Resource+":"+strings.Join(n.Verbs, ",")+"!"+strings.Join(n.Missing, ","))
				}
				out = append(out, fmt.Sprintf("  %s %s %v writes%v finalizers%v rbac%v", c.Name, c.Reconciler, srcs, writes, fins, needs))
			}
		}
	}
	return out
}

// TestMapFixture: a module with two binaries, testdata/mapfixture (its
// files say what the map must draw of them): one manager running a
// controller set up by its reconciler's SetupWithManager and one whose
// chain package main writes with a reconciler of another package; and two
// managers each in a function of its own (cobra-like subcommands), each
// with the controller of its function and judged partially. It shares the
// dependencies' cached results with TestExampleMap (same modules, same
// flags).
func TestMapFixture(t *testing.T) {
	bin := buildBinary(t)
	dir, err := filepath.Abs(filepath.Join("testdata", "mapfixture"))
	if err != nil {
		t.Fatal(err)
	}
	out, stderr, code := mapRun(t, bin, "-format=json", "-C", dir, "./...")
	if code != 0 {
		t.Fatalf("reconcilecheck map exited %d:\n%s", code, stderr)
	}
	var m controllermap.Map
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatal(err)
	}
	secret := "  secret example.com/mapfixture/internal/controller.SecretReconciler [For(Secret object custom(predicate.Funcs)) Watches(ConfigMap owner of Secret) filter or(label, annotation)] " +
		"writes[ConfigMap[create] status[] Secret[update] status[]] finalizers[add example.com/keep Secret internal/controller/secret.go:37] rbac[configmaps:list,watch,create! secrets:list,watch,update!]"
	want := []string{
		"binary example.com/mapfixture/cmd/manager",
		" manager cmd/manager/main.go:16 judged=true partial=false missing=[deployments/status:patch] unused=[deploy.go:15 update deployments/status] other=[configmaps:delete]",
		"  deployments example.com/mapfixture/internal/controller.DeployReconciler [For(Deployment object generation)] writes[Deployment[] status[patch]] finalizers[] rbac[deployments:list,watch! deployments/status:patch!patch]",
		secret,
		"binary example.com/mapfixture/cmd/tool",
		" manager cmd/tool/main.go:15 judged=true partial=true missing=[] unused=[deploy.go:15 update deployments/status] other=[configmaps:delete]",
		secret,
		" manager cmd/tool/main.go:26 judged=true partial=true missing=[deployments/status:patch] unused=[deploy.go:15 update deployments/status] other=[]",
		"  deployments example.com/mapfixture/internal/controller.DeployReconciler [For(Deployment object)] writes[Deployment[] status[patch]] finalizers[] rbac[deployments:list,watch! deployments/status:patch!patch]",
	}
	got := mapSummary(&m)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("map of testdata/mapfixture:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
