// Package scaffolds_test runs reconcilecheck on the projects that the real
// kubebuilder CLI generates — the code new operator authors start from —
// and asserts the exact set of findings, each with the reason it is true.
//
// Generating the projects downloads kubebuilder, controller-gen and the
// scaffolds' modules through the Go module proxy (or a warm module cache)
// and compiles them, which takes minutes: the test runs only when
// RECONCILECHECK_SCAFFOLDS=1, as its own step of .ci/run:
//
//	RECONCILECHECK_SCAFFOLDS=1 go test -timeout 40m ./e2e/scaffolds
package scaffolds_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"sigs.k8s.io/yaml"

	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
	"github.com/reconcilecheck/reconcilecheck/e2e/exampletest"
)

// kubebuilderVersion is the kubebuilder CLI the scaffolds come from.
const kubebuilderVersion = "v4.16.0"

// project is one generated project: the kubebuilder commands that make it,
// and the findings the suite must report on it.
type project struct {
	name string
	cmds [][]string
	want []finding
	// lint: also add reconcilecheck to the project's own lint with the
	// kubebuilder plugin and run "make lint" and "make lint-fix".
	lint bool
}

// finding is an expected report: the check, the file, and text of the
// reported line (kubebuilder's output is pinned, but text says more than
// a line number). why says what goes wrong at run time.
type finding struct {
	check, file, line, why string
}

// deployImage is the deploy-image/v1-alpha Memcached and Busybox pair of
// kubebuilder's own test projects.
func deployImage(group string) [][]string {
	return [][]string{
		{"create", "api", "--group", group, "--version", "v1alpha1", "--kind", "Memcached",
			"--image=memcached:1.6.26-alpine3.19", "--image-container-command=memcached,--memory-limit=64,-o,modern,-v",
			"--image-container-port=11211", "--run-as-user=1001", "--plugins=deploy-image/v1-alpha", "--make=false"},
		{"create", "api", "--group", group, "--version", "v1alpha1", "--kind", "Busybox",
			"--image=busybox:1.36.1", "--plugins=deploy-image/v1-alpha", "--make=false"},
	}
}

// replicasUpdate is one of the deploy-image controllers' two true findings.
func replicasUpdate(file string) finding {
	return finding{"updatepatch", file, "if err = r.Update(ctx, found); err != nil {",
		"the controller Updates the whole Deployment it read from the cache to change spec.replicas; " +
			"the Deployment controller writes the same object's status all the time, so the stale " +
			"resourceVersion turns into 409 Conflicts and wasted reconciles (a MergeFrom patch of replicas does not conflict)"}
}

// addBeforeDeletion is the deploy-image controllers' finalizer block,
// which comes before their deletion branch.
func addBeforeDeletion(file, kind string) finding {
	return finding{"finalizerorder", file, "controllerutil.AddFinalizer(" + kind + ", " + kind + "Finalizer)",
		"the finalizer is added and the object updated before the deletion timestamp is looked at: an object " +
			"deleted before the controller first saw it (kept by another finalizer) is refused the new finalizer " +
			"on every reconcile, and the deletion branch after it is never reached"}
}

var projects = []project{
	{
		name: "base",
		cmds: append([][]string{
			{"init", "--plugins=go/v4", "--domain=example.com", "--repo=example.com/base", "--owner=Example"},
			{"create", "api", "--group", "cache", "--version", "v1", "--kind", "Captain", "--controller=true", "--resource=true", "--make=false"},
			{"create", "webhook", "--group", "cache", "--version", "v1", "--kind", "Captain", "--defaulting", "--programmatic-validation", "--make=false"},
			{"create", "api", "--group", "apps", "--version", "v1", "--kind", "Deployment", "--controller=true", "--resource=false", "--make=false"},
		}, deployImage("cache")...),
		want: []finding{
			replicasUpdate("internal/controller/memcached_controller.go"),
			replicasUpdate("internal/controller/busybox_controller.go"),
			addBeforeDeletion("internal/controller/memcached_controller.go", "memcached"),
			addBeforeDeletion("internal/controller/busybox_controller.go", "busybox"),
		},
		lint: true,
	},
	{
		name: "multigroup",
		cmds: append([][]string{
			{"init", "--plugins=go/v4", "--domain=example.com", "--repo=example.com/multigroup", "--owner=Example", "--multigroup"},
			{"create", "api", "--group", "crew", "--version", "v1", "--kind", "Captain", "--controller=true", "--resource=true", "--make=false"},
			{"create", "api", "--group", "ship", "--version", "v1beta1", "--kind", "Frigate", "--controller=true", "--resource=true", "--make=false"},
			{"create", "api", "--group", "ship", "--version", "v1", "--kind", "Destroyer", "--controller=true", "--resource=true", "--namespaced=false", "--make=false"},
			{"create", "api", "--group", "apps", "--version", "v1", "--kind", "Deployment", "--controller=true", "--resource=false", "--make=false"},
		}, deployImage("example.com")...),
		want: []finding{
			replicasUpdate("internal/controller/example.com/memcached_controller.go"),
			replicasUpdate("internal/controller/example.com/busybox_controller.go"),
			addBeforeDeletion("internal/controller/example.com/memcached_controller.go", "memcached"),
			addBeforeDeletion("internal/controller/example.com/busybox_controller.go", "busybox"),
		},
	},
}

func TestScaffolds(t *testing.T) {
	if os.Getenv("RECONCILECHECK_SCAFFOLDS") != "1" {
		t.Skip("set RECONCILECHECK_SCAFFOLDS=1 to generate the kubebuilder scaffolds and check them (minutes; .ci/run does)")
	}
	// RECONCILECHECK_SCAFFOLDS_FLAGS adds flags to the run (measuring
	// checks that ship off: "-wholemerge.enable -listnamespace.enable ..."):
	// the findings must stay exactly the expected ones.
	for _, tool := range []string{"go", "make"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("the scaffolds need %s on PATH: %v", tool, err)
		}
	}
	bin := t.TempDir()
	repo := exampletest.RepoRoot(t)
	run(t, repo, nil, "go", "build", "-o", filepath.Join(bin, "reconcilecheck"), "./cmd/reconcilecheck")
	// go install pkg@version ignores the current module, so the pinned
	// CLI does not enter go.mod.
	run(t, bin, []string{"GOBIN=" + bin}, "go", "install", "sigs.k8s.io/kubebuilder/v4@"+kubebuilderVersion)

	for _, p := range projects {
		t.Run(p.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), p.name)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			for _, args := range p.cmds {
				run(t, dir, nil, filepath.Join(bin, "kubebuilder"), args...)
			}
			// --make=false leaves the deepcopy methods to generate.
			run(t, dir, nil, "make", "generate")

			// -json exits 0 with findings, 1 when a package does not
			// compile: the scaffold must build as generated.
			start := time.Now()
			args := append(strings.Fields(os.Getenv("RECONCILECHECK_SCAFFOLDS_FLAGS")), "-json", "./...")
			out, code := exampletest.Run(t, dir, filepath.Join(bin, "reconcilecheck"), args...)
			if code != 0 {
				t.Fatalf("reconcilecheck -json exited %d:\n%s", code, out)
			}
			t.Logf("reconcilecheck -json ./...: %s", time.Since(start).Round(time.Second))
			got := exampletest.JSONFindings(t, dir, out)
			check(t, dir, p.want, got)
			if p.lint && !t.Failed() {
				makeLint(t, dir, filepath.Join(bin, "kubebuilder"), p.want)
			}
		})
	}
}

// check compares findings with the expected ones by check, file and the
// text of the reported line.
func check(t *testing.T, dir string, want []finding, got []exampletest.Finding) {
	t.Helper()
	matched := make([]bool, len(want))
	for _, g := range got {
		text := sourceLine(t, filepath.Join(dir, g.File), g.Line)
		ok := false
		for i, w := range want {
			if !matched[i] && w.check == g.Check && w.file == g.File && text == w.line {
				matched[i], ok = true, true
				break
			}
		}
		if !ok {
			t.Errorf("unexpected finding %s: %q", g, text)
		}
	}
	for i, w := range want {
		if !matched[i] {
			t.Errorf("missing finding: %s in %s at %q (%s)", w.check, w.file, w.line, w.why)
		}
	}
}

func sourceLine(t *testing.T, file string, line int) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	if line < 1 || line > len(lines) {
		t.Fatalf("%s has no line %d", file, line)
	}
	return strings.TrimSpace(lines[line-1])
}

// run runs a command in dir, failing the test with its output if it fails.
func run(t *testing.T, dir string, env []string, name string, args ...string) {
	t.Helper()
	if out, err := runOut(t, dir, env, name, args...); err != nil {
		t.Fatalf("%s %s (in %s): %v\n%s", name, strings.Join(args, " "), dir, err, out)
	}
}

// runOut runs a command in dir and returns its combined output.
func runOut(t *testing.T, dir string, env []string, name string, args ...string) ([]byte, error) {
	t.Helper()
	start := time.Now()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	t.Logf("%s %s: %s", filepath.Base(name), strings.Join(args, " "), time.Since(start).Round(time.Second))
	return out.Bytes(), err
}

// logtoolsVersion pins the logcheck plugin that kubebuilder's
// .custom-gcl.yml names at "latest".
const logtoolsVersion = "v0.11.0"

// makeLint adds reconcilecheck to the generated project's lint as the
// README says — the kubebuilder plugin, run twice (the second run changes
// nothing) — builds golangci-lint from the project's .custom-gcl.yml as
// "golangci-lint custom" would (offline: the nested tools/golangci-lint
// module, kubebuilder's logcheck plugin and reconcilecheck from this
// repository), and runs the project's own "make lint" with it: the
// findings show under their checks' names. "make lint-fix" applies the
// fixes, the project still builds, "make lint" reports the findings
// without a fix, and passes once they are suppressed.
func makeLint(t *testing.T, dir, kubebuilder string, want []finding) {
	repo := exampletest.RepoRoot(t)
	xdg := t.TempDir()
	pluginDir := filepath.Join(xdg, "kubebuilder", "plugins", "reconcilecheck", "v1-alpha")
	run(t, repo, nil, "go", "build", "-o", filepath.Join(pluginDir, "reconcilecheck"), "./cmd/kubebuilder-reconcilecheck")
	env := []string{"XDG_CONFIG_HOME=" + xdg}
	run(t, dir, env, kubebuilder, "edit", "--plugins=reconcilecheck/v1-alpha")
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	gcl, conf := read(".custom-gcl.yml"), read(".golangci.yml")
	if !strings.Contains(gcl, "import: \"github.com/reconcilecheck/reconcilecheck/plugin\"") || !strings.Contains(conf, "      notfounderr:\n") {
		t.Fatalf("kubebuilder edit --plugins=reconcilecheck/v1-alpha did not add the entries:\n%s\n%s", gcl, conf)
	}
	run(t, dir, env, kubebuilder, "edit", "--plugins=reconcilecheck/v1-alpha")
	if read(".custom-gcl.yml") != gcl || read(".golangci.yml") != conf {
		t.Error("a second kubebuilder edit --plugins=reconcilecheck/v1-alpha changed the files")
	}

	gclBin := buildCustomGolangci(t, repo, gcl)
	// golangci-lint caches issues per package under keys that do not
	// cover a plugin's code.
	cache := []string{"GOLANGCI_LINT_CACHE=" + t.TempDir()}
	lint := func(target string) (string, bool) {
		out, err := runOut(t, dir, cache, "make", target, "GOLANGCI_LINT="+gclBin)
		return string(out), err == nil
	}
	// "make lint" prints file:line:col: message (check).
	issueRE := regexp.MustCompile(`(?m)^([^\s:]+\.go):(\d+):\d+: .* \(([a-z0-9]+)\)$`)
	checks := map[string]bool{}
	for _, c := range registry.Checks() {
		checks[c.Analyzer.Name] = true
	}
	// The suite's findings; the other linters' issues are kubebuilder's
	// (deploy-image leaves cmd/main.go unformatted: make lint-fix
	// formats it).
	findings := func(out string) []exampletest.Finding {
		var got []exampletest.Finding
		for _, m := range issueRE.FindAllStringSubmatch(out, -1) {
			if !checks[m[3]] {
				t.Logf("not a reconcilecheck issue: %s", m[0])
				continue
			}
			line, _ := strconv.Atoi(m[2])
			got = append(got, exampletest.Finding{File: m[1], Line: line, Check: m[3]})
		}
		return got
	}
	out, ok := lint("lint")
	if ok {
		t.Fatalf("make lint passed, want the suite's findings:\n%s", out)
	}
	check(t, dir, want, findings(out))

	if out, _ := lint("lint-fix"); strings.Contains(out, "Error") && !issueRE.MatchString(out) {
		t.Fatalf("make lint-fix:\n%s", out)
	}
	run(t, dir, nil, "go", "build", "./...")
	var left []finding
	for _, w := range want {
		if w.check != "updatepatch" { // the findings with a fix
			left = append(left, w)
		}
	}
	out, ok = lint("lint")
	if ok {
		t.Fatalf("make lint after make lint-fix passed, want the findings without a fix:\n%s", out)
	}
	got := findings(out)
	check(t, dir, left, got)
	for _, f := range got {
		path := filepath.Join(dir, f.File)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		lines[f.Line-1] += " //nolint:" + f.Check + " // deliberate in this test"
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	if out, ok := lint("lint"); !ok {
		t.Errorf("make lint with the findings suppressed failed:\n%s", out)
	}
}

// buildCustomGolangci builds golangci-lint with the plugins of the
// project's .custom-gcl.yml, as "golangci-lint custom" would, from the
// nested tools/golangci-lint module (whose main imports reconcilecheck's
// plugin): the other plugins' imports are added to a copy of it.
func buildCustomGolangci(t *testing.T, repo, customGCL string) string {
	t.Helper()
	var c struct {
		Plugins []struct{ Module, Import, Version string }
	}
	if err := yaml.Unmarshal([]byte(customGCL), &c); err != nil {
		t.Fatal(err)
	}
	src := t.TempDir()
	for _, name := range []string{"go.mod", "go.sum", "main.go"} {
		data, err := os.ReadFile(filepath.Join(repo, "tools", "golangci-lint", name))
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		switch name {
		case "go.mod":
			text = strings.Replace(text, "=> ../..", "=> "+repo, 1)
		case "main.go":
			var imports []string
			for _, p := range c.Plugins {
				if p.Module != "github.com/reconcilecheck/reconcilecheck" {
					imports = append(imports, "\t_ \""+p.Import+"\"\n")
				}
			}
			text = strings.Replace(text, "\t_ \"github.com/reconcilecheck/reconcilecheck/plugin\"\n", "\t_ \"github.com/reconcilecheck/reconcilecheck/plugin\"\n"+strings.Join(imports, ""), 1)
		}
		if err := os.WriteFile(filepath.Join(src, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range c.Plugins {
		switch p.Module {
		case "github.com/reconcilecheck/reconcilecheck":
		case "sigs.k8s.io/logtools":
			run(t, src, nil, "go", "get", p.Module+"@"+logtoolsVersion)
		default:
			t.Fatalf(".custom-gcl.yml names plugin %s, which the test does not know", p.Module)
		}
	}
	bin := filepath.Join(t.TempDir(), "golangci-lint")
	run(t, src, nil, "go", "mod", "tidy")
	run(t, src, nil, "go", "build", "-o", bin, ".")
	return bin
}
