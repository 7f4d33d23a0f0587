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
	"strings"
	"testing"
	"time"

	"github.com/reconcilecheck/reconcilecheck/internal/exampletest"
)

// kubebuilderVersion is the kubebuilder CLI the scaffolds come from.
const kubebuilderVersion = "v4.16.0"

// project is one generated project: the kubebuilder commands that make it,
// and the findings the suite must report on it.
type project struct {
	name string
	cmds [][]string
	want []finding
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
			out, code := exampletest.Run(t, dir, filepath.Join(bin, "reconcilecheck"), "-json", "./...")
			if code != 0 {
				t.Fatalf("reconcilecheck -json exited %d:\n%s", code, out)
			}
			t.Logf("reconcilecheck -json ./...: %s", time.Since(start).Round(time.Second))
			got := exampletest.JSONFindings(t, dir, out)
			check(t, dir, p.want, got)
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
	start := time.Now()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s (in %s): %v\n%s", name, strings.Join(args, " "), dir, err, out.Bytes())
	}
	t.Logf("%s %s: %s", filepath.Base(name), strings.Join(args, " "), time.Since(start).Round(time.Second))
}
