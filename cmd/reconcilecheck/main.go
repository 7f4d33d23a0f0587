// Command reconcilecheck finds the bugs of Kubernetes controllers built on
// controller-runtime.
//
// Run it on packages as a standalone command:
//
//	reconcilecheck [-C dir] [-json] [-fix] [-diff] [-<check>=false] [packages]
//
// or as a vet tool:
//
//	go vet -vettool=$(which reconcilecheck) [packages]
//
// The standalone command drives "go vet" with itself as the vet tool, so the
// analysis runs package by package on compiled export data and facts, cached
// by the go command, instead of type-checking every dependency from source.
//
// "reconcilecheck help" lists the checks; "reconcilecheck help <check>"
// describes one.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
)

// benchNonce is set by hack/bench.sh (-ldflags -X) to give each benchmark
// build a new build ID, so that the go command's cached vet results of a
// previous build are not reused.
var benchNonce string

func main() {
	_ = benchNonce
	args := os.Args[1:]
	if isVetProtocol(args) {
		// Invoked by "go vet -vettool": -V=full, -flags, or a unit .cfg.
		unitchecker.Main(registry.Analyzers()...)
		return
	}
	if len(args) > 0 && (args[0] == "help" || args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		os.Exit(help(os.Stdout, os.Stderr, args[1:]))
	}
	os.Exit(drive(args))
}

// isVetProtocol reports whether the go command is talking to us as a vet
// tool rather than a user running us on packages.
func isVetProtocol(args []string) bool {
	for _, a := range args {
		switch strings.TrimLeft(a, "-") {
		case "V", "V=full", "flags":
			return strings.HasPrefix(a, "-")
		}
	}
	return len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg")
}

// drive runs "go vet -vettool=<this binary>" on the user's arguments and
// returns its exit code.
func drive(args []string) int {
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "reconcilecheck: cannot locate own executable: %v\n", err)
		return 2
	}
	var dir []string
	// -C must come first for the go command, as for go vet itself.
	if len(args) > 0 {
		switch {
		case args[0] == "-C" || args[0] == "--C":
			if len(args) < 2 {
				fmt.Fprintln(os.Stderr, "reconcilecheck: flag needs an argument: -C")
				return 2
			}
			dir, args = []string{"-C", args[1]}, args[2:]
		case strings.HasPrefix(args[0], "-C="), strings.HasPrefix(args[0], "--C="):
			dir, args = []string{args[0]}, args[1:]
		}
	}
	if msg := checkFlags(args); msg != "" {
		fmt.Fprintf(os.Stderr, "reconcilecheck: %s\nRun 'reconcilecheck help' for the checks and their flags.\n", msg)
		return 2
	}
	// Plain text output is printed from go vet's JSON, so that each
	// finding names its check: the name a //reconcilecheck:ignore
	// directive or a -<check>=false flag needs.
	text := wantsText(args)
	goArgs := append([]string{"vet"}, dir...)
	goArgs = append(goArgs, "-vettool="+self)
	if text {
		goArgs = append(goArgs, "-json")
	}
	goArgs = append(goArgs, args...)
	cmd := exec.Command("go", goArgs...)
	var jsonOut bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if text {
		cmd.Stdout = &jsonOut
	}
	code := 0
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			fmt.Fprintf(os.Stderr, "reconcilecheck: running go vet: %v\n", err)
			return 2
		}
		code = exit.ExitCode()
	}
	if text {
		base, _ := os.Getwd()
		if len(dir) > 0 {
			d := strings.TrimPrefix(strings.TrimPrefix(dir[len(dir)-1], "--C="), "-C=")
			if !filepath.IsAbs(d) {
				d = filepath.Join(base, d)
			}
			base = d
		}
		n, err := printText(os.Stderr, jsonOut.Bytes(), base)
		if err != nil {
			fmt.Fprintf(os.Stderr, "reconcilecheck: reading go vet's output: %v\n", err)
			return 2
		}
		if n > 0 && code == 0 {
			code = 1
		}
	}
	return code
}

// wantsText reports whether the user asked for go vet's default output:
// not JSON, fixes, diffs or the go command's own tracing.
func wantsText(args []string) bool {
	for _, arg := range args {
		if arg == "--" || !strings.HasPrefix(arg, "-") {
			break
		}
		name, _, _ := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		switch name {
		case "json", "fix", "diff", "n", "x":
			return false
		}
	}
	return true
}

// vetDiagnostic is one finding in go vet's -json output.
type vetDiagnostic struct {
	Posn    string `json:"posn"`
	Message string `json:"message"`
	Related []struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
	} `json:"related"`
}

// printText prints go vet's -json output the way go vet prints text, with
// the check's name before each message, and returns the number of
// findings. Paths are made relative to base when they lie under it.
func printText(w io.Writer, out []byte, base string) (int, error) {
	rel := func(posn string) string {
		if r, err := filepath.Rel(base, posn); err == nil && !strings.HasPrefix(r, "..") {
			return r
		}
		return posn
	}
	n := 0
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err == io.EOF {
			return n, nil
		} else if err != nil {
			return n, err
		}
		pkgs := make([]string, 0, len(tree))
		for pkg := range tree {
			pkgs = append(pkgs, pkg)
		}
		sort.Strings(pkgs)
		for _, pkg := range pkgs {
			var lines []string
			for check, raw := range tree[pkg] {
				var diags []vetDiagnostic
				if err := json.Unmarshal(raw, &diags); err != nil {
					// An analyzer error: {"error": "..."}.
					var e struct{ Error string }
					if json.Unmarshal(raw, &e) == nil && e.Error != "" {
						lines = append(lines, fmt.Sprintf("%s: %s: error: %s", pkg, check, e.Error))
						n++
					}
					continue
				}
				for _, d := range diags {
					line := fmt.Sprintf("%s: %s: %s", rel(d.Posn), check, d.Message)
					for _, r := range d.Related {
						line += fmt.Sprintf("\n%s: \t%s", rel(r.Posn), r.Message)
					}
					lines = append(lines, line)
					n++
				}
			}
			if len(lines) == 0 {
				continue
			}
			sort.Slice(lines, func(i, j int) bool { return posnLess(lines[i], lines[j]) })
			fmt.Fprintf(w, "# %s\n%s\n", pkg, strings.Join(lines, "\n"))
		}
	}
}

// posnLess orders "file:line:col: ..." lines by file, then line and column
// as numbers.
func posnLess(a, b string) bool {
	fa, la, ca := splitPosn(a)
	fb, lb, cb := splitPosn(b)
	if fa != fb {
		return fa < fb
	}
	if la != lb {
		return la < lb
	}
	return ca < cb
}

func splitPosn(s string) (file string, line, col int) {
	parts := strings.SplitN(s, ":", 4)
	if len(parts) < 3 {
		return s, 0, 0
	}
	line, _ = strconv.Atoi(parts[1])
	col, _ = strconv.Atoi(parts[2])
	return parts[0], line, col
}

// checkFlags rejects a flag that names no check, or a check flag with a
// bad value, before the go command would answer with its own, longer usage
// text. Names and values go through the registry, as the golangci-lint
// plugin's settings do.
func checkFlags(args []string) string {
	for _, arg := range args {
		if arg == "--" || !strings.HasPrefix(arg, "-") {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		if goVetFlags[name] {
			continue
		}
		if strings.Contains(name, ".") {
			if !hasValue {
				value = "true" // the only check flags are booleans
			}
			if err := registry.SetFlag(name, value); err != nil {
				return err.Error()
			}
			continue
		}
		if _, err := registry.Lookup(name); err != nil {
			return fmt.Sprintf("unknown flag -%s: neither a go vet flag nor a check", name)
		}
		if hasValue {
			if _, err := strconv.ParseBool(value); err != nil {
				return fmt.Sprintf("invalid value %q for -%s: want true or false", value, name)
			}
		}
	}
	return ""
}

// goVetFlags are the flags of "go vet" itself (build and output flags).
var goVetFlags = map[string]bool{
	"json": true, "fix": true, "diff": true, "c": true,
	"n": true, "x": true, "v": true, "tags": true, "toolexec": true, "mod": true,
	"modfile": true, "overlay": true, "race": true, "msan": true, "asan": true,
	"cover": true, "trimpath": true, "buildvcs": true, "pgo": true, "gcflags": true,
	"ldflags": true, "asmflags": true, "work": true, "a": true, "p": true,
}

// help prints the list of checks, or the documentation of the named ones.
func help(stdout, stderr io.Writer, names []string) int {
	checks := registry.Checks()
	if len(names) == 0 {
		fmt.Fprintln(stdout, "reconcilecheck finds the bugs of Kubernetes controllers built on controller-runtime.")
		fmt.Fprintln(stdout)
		fmt.Fprintln(stdout, "Usage:")
		fmt.Fprintln(stdout, "  reconcilecheck [-C dir] [-json] [-fix] [-diff] [-<check>=false] [packages]")
		fmt.Fprintln(stdout, "  go vet -vettool=$(which reconcilecheck) [packages]")
		fmt.Fprintln(stdout, "  reconcilecheck help <check>")
		fmt.Fprintln(stdout)
		fmt.Fprintln(stdout, "Checks:")
		for _, c := range checks {
			fmt.Fprintf(stdout, "  %-16s %-3s %s\n", c.Analyzer.Name, c.Catalogue, summary(c.Analyzer))
		}
		return 0
	}
	status := 0
	for _, name := range names {
		var found *analysis.Analyzer
		for _, c := range checks {
			if c.Analyzer.Name == name {
				found = c.Analyzer
			}
		}
		if found == nil {
			fmt.Fprintf(stderr, "reconcilecheck: unknown check %q; run 'reconcilecheck help' for the list\n", name)
			status = 2
			continue
		}
		fmt.Fprintf(stdout, "%s: %s\n\n", found.Name, found.Doc)
		fmt.Fprintf(stdout, "Documentation: %s\n", found.URL)
		first := true
		found.Flags.VisitAll(func(f *flag.Flag) {
			if first {
				fmt.Fprintln(stdout, "\nFlags:")
				first = false
			}
			fmt.Fprintf(stdout, "  -%s.%s\t%s (default %q)\n", found.Name, f.Name, f.Usage, f.DefValue)
		})
		fmt.Fprintln(stdout)
	}
	return status
}

func summary(a *analysis.Analyzer) string {
	s, _, _ := strings.Cut(a.Doc, "\n")
	return s
}
