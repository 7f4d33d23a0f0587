package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/reconcilecheck/reconcilecheck/e2e/exampletest"
)

// pathWith returns the environment with dir first in PATH.
func pathWith(dir string, env ...string) []string {
	return append(os.Environ(), append(env, "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"))...)
}

func readYAML(t *testing.T, file string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", file))
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.UnmarshalStrict(data, v); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
}

type actionStep struct {
	ID               string            `json:"id"`
	Name             string            `json:"name"`
	If               string            `json:"if"`
	Uses             string            `json:"uses"`
	Shell            string            `json:"shell"`
	WorkingDirectory string            `json:"working-directory"`
	Env              map[string]string `json:"env"`
	With             map[string]string `json:"with"`
	Run              string            `json:"run"`
}

type action struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Author      string `json:"author"`
	Branding    any    `json:"branding"`
	Inputs      map[string]struct {
		Description string `json:"description"`
		Required    bool   `json:"required"`
		Default     string `json:"default"`
	} `json:"inputs"`
	Outputs map[string]any `json:"outputs"`
	Runs    struct {
		Using string       `json:"using"`
		Steps []actionStep `json:"steps"`
	} `json:"runs"`
}

var exprRE = regexp.MustCompile(`^\$\{\{ *([^}]*?) *\}\}$`)

// TestAction runs the "run" step of action.yml, as the runner would, on
// the example with the inputs' defaults but args (the opt-in flags): exit
// status 1 (findings), and a SARIF file that the upload step gets.
func TestAction(t *testing.T) {
	var a action
	readYAML(t, "action.yml", &a)
	if a.Runs.Using != "composite" {
		t.Fatalf("runs.using is %q, want composite", a.Runs.Using)
	}
	steps := map[string]actionStep{}
	for _, s := range a.Runs.Steps {
		switch {
		case strings.HasPrefix(s.Uses, "actions/setup-go@"):
			steps["setup-go"] = s
		case strings.HasPrefix(s.Uses, "github/codeql-action/upload-sarif@"):
			steps["upload"] = s
		case strings.Contains(s.Run, "go install github.com/reconcilecheck/reconcilecheck/cmd/reconcilecheck@") ||
			strings.Contains(s.Run, `go install "github.com/reconcilecheck/reconcilecheck/cmd/reconcilecheck@`):
			steps["install"] = s
		case s.ID == "run":
			steps["run"] = s
		}
	}
	for _, name := range []string{"setup-go", "install", "run", "upload"} {
		if _, ok := steps[name]; !ok {
			t.Fatalf("action.yml has no %s step", name)
		}
	}
	for _, in := range []string{"working-directory", "patterns", "args", "baseline"} {
		if _, ok := a.Inputs[in]; !ok {
			t.Errorf("action.yml has no input %q", in)
		}
	}
	run := steps["run"]
	if run.WorkingDirectory != "${{ inputs.working-directory }}" {
		t.Errorf("run step's working-directory is %q", run.WorkingDirectory)
	}
	if got := steps["upload"].With["sarif_file"]; got != "${{ steps.run.outputs.sarif }}" {
		t.Errorf("upload step's sarif_file is %q", got)
	}
	if !strings.Contains(steps["upload"].If, "always()") {
		t.Errorf("upload step's if is %q: it must run after findings fail the run step", steps["upload"].If)
	}

	bin := buildBinary(t)
	dir := exampletest.Dir(t)
	tmp := t.TempDir()
	ghOutput := filepath.Join(tmp, "github_output")
	// The step's env, with the inputs' defaults.
	var env []string
	for k, v := range run.Env {
		if m := exprRE.FindStringSubmatch(v); m != nil {
			switch {
			case strings.HasPrefix(m[1], "inputs."):
				in, ok := a.Inputs[strings.TrimPrefix(m[1], "inputs.")]
				if !ok {
					t.Fatalf("env %s=%s names no input", k, v)
				}
				v = in.Default
				if m[1] == "inputs.args" {
					// A user who turns the opt-in checks on, as the
					// other runs on the example do (one go vet cache).
					v = strings.Join(optIn, " ")
				}
			default:
				t.Fatalf("env %s=%s: unknown expression", k, v)
			}
		}
		v = strings.ReplaceAll(v, "${{ runner.temp }}", tmp)
		env = append(env, k+"="+v)
	}
	script := filepath.Join(tmp, "run.sh")
	if err := os.WriteFile(script, []byte(run.Run), 0o666); err != nil {
		t.Fatal(err)
	}
	// As GitHub runs "shell: bash".
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
	cmd.Dir = filepath.Join(dir, a.Inputs["working-directory"].Default)
	cmd.Env = pathWith(filepath.Dir(bin), append(env, "GITHUB_OUTPUT="+ghOutput)...)
	out, err := cmd.CombinedOutput()
	if code := cmd.ProcessState.ExitCode(); code != 1 {
		t.Fatalf("the action's run step exited %d (%v), want 1 (findings):\n%s", code, err, out)
	}
	if !strings.Contains(string(out), ": notfounderr: ") {
		t.Errorf("the run step's log lacks the findings:\n%s", out)
	}
	outputs, err := os.ReadFile(ghOutput)
	if err != nil {
		t.Fatal(err)
	}
	sarif := filepath.Join(tmp, "reconcilecheck.sarif")
	if strings.TrimSpace(string(outputs)) != "sarif="+sarif {
		t.Fatalf("the run step's outputs are %q, want sarif=%s", outputs, sarif)
	}
	validateSARIF(t, sarif)

	// With the baseline input naming a baseline of every finding: the
	// step passes, and the SARIF file has no result.
	base := filepath.Join(tmp, "baseline.json")
	if out, code := exampletest.Run(t, dir, bin, withOptIn("-baseline-write", base, "./...")...); code != 0 {
		t.Fatalf("-baseline-write exited %d:\n%s", code, out)
	}
	cmd = exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
	cmd.Dir = filepath.Join(dir, a.Inputs["working-directory"].Default)
	cmd.Env = pathWith(filepath.Dir(bin), append(env, "GITHUB_OUTPUT="+ghOutput, "BASELINE="+base)...)
	if out, err := cmd.CombinedOutput(); cmd.ProcessState.ExitCode() != 0 {
		t.Fatalf("the run step with a baseline of every finding exited %d (%v), want 0:\n%s", cmd.ProcessState.ExitCode(), err, out)
	}
	var log sarifLog
	data, err := os.ReadFile(sarif)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &log); err != nil || len(log.Runs) != 1 || len(log.Runs[0].Results) != 0 {
		t.Errorf("the SARIF file with a baseline of every finding: %v, %d runs, want one run without results", err, len(log.Runs))
	}
}

// TestPreCommitHook runs the hook's entry and args, as pre-commit does
// with pass_filenames false, in the example: with the opt-in flags before
// the hook's args, as a user's args: [-finalizerreturn.enable, ./...] would.
func TestPreCommitHook(t *testing.T) {
	var hooks []struct {
		ID            string   `json:"id"`
		Name          string   `json:"name"`
		Description   string   `json:"description"`
		Entry         string   `json:"entry"`
		Language      string   `json:"language"`
		Args          []string `json:"args"`
		PassFilenames *bool    `json:"pass_filenames"`
		RequireSerial bool     `json:"require_serial"`
		Types         []string `json:"types"`
	}
	readYAML(t, ".pre-commit-hooks.yaml", &hooks)
	if len(hooks) != 1 || hooks[0].ID != "reconcilecheck" {
		t.Fatalf("want one hook, reconcilecheck: %+v", hooks)
	}
	h := hooks[0]
	if h.Language != "golang" || h.PassFilenames == nil || *h.PassFilenames || h.Entry != "reconcilecheck" {
		t.Errorf("hook: %+v; want language golang, entry reconcilecheck, pass_filenames false", h)
	}
	bin := buildBinary(t)
	dir := exampletest.Dir(t)
	argv := slices.Concat(strings.Fields(h.Entry), optIn, h.Args)
	// The entry is looked up in the PATH where pre-commit installed it.
	path, err := exec.LookPath(filepath.Join(filepath.Dir(bin), argv[0]))
	if err != nil {
		t.Fatalf("entry %q: %v", argv[0], err)
	}
	cmd := &exec.Cmd{Path: path, Args: argv, Dir: dir, Env: pathWith(filepath.Dir(bin))}
	out, err := cmd.CombinedOutput()
	if code := cmd.ProcessState.ExitCode(); code != 1 || !strings.Contains(string(out), ": notfounderr: ") {
		t.Errorf("%v exited %d (%v), want 1 with the findings:\n%s", argv, code, err, out)
	}
}
