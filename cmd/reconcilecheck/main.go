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
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
)

func main() {
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
	goArgs := append([]string{"vet"}, dir...)
	goArgs = append(goArgs, "-vettool="+self)
	goArgs = append(goArgs, args...)
	cmd := exec.Command("go", goArgs...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode()
		}
		fmt.Fprintf(os.Stderr, "reconcilecheck: running go vet: %v\n", err)
		return 2
	}
	return 0
}

// checkFlags rejects a flag that names no check, before the go command
// would answer with its own, longer usage text.
func checkFlags(args []string) string {
	known := map[string]bool{}
	for _, a := range registry.Analyzers() {
		known[a.Name] = true
		a.Flags.VisitAll(func(f *flag.Flag) { known[a.Name+"."+f.Name] = true })
	}
	for _, arg := range args {
		if arg == "--" || !strings.HasPrefix(arg, "-") {
			break
		}
		name := strings.TrimLeft(arg, "-")
		if i := strings.IndexByte(name, '='); i >= 0 {
			name = name[:i]
		}
		if known[name] || goVetFlags[name] {
			continue
		}
		if strings.Contains(name, ".") {
			check := name[:strings.IndexByte(name, '.')]
			if known[check] {
				return fmt.Sprintf("check %s has no flag %q", check, name[len(check)+1:])
			}
			return fmt.Sprintf("unknown check %q in flag -%s", check, name)
		}
		return fmt.Sprintf("unknown flag or check: -%s", name)
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
