// Command reconcilecheck finds the bugs of Kubernetes controllers built on
// controller-runtime.
//
// Run it on packages as a standalone command:
//
//	reconcilecheck [-C dir] [-json] [-fix] [-diff] [-sarif file] [-<check>=false] [packages]
//
// or as a vet tool:
//
//	go vet -vettool=$(which reconcilecheck) [packages]
//
// or print the controller map of the binaries (docs/map.md):
//
//	reconcilecheck map [-format mermaid|dot|json] [-C dir] [packages]
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
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
	"github.com/reconcilecheck/reconcilecheck/internal/baseline"
	"github.com/reconcilecheck/reconcilecheck/internal/suppressed"
	"github.com/reconcilecheck/reconcilecheck/internal/vetjson"
	"github.com/reconcilecheck/reconcilecheck/plugin/golangciconf"
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
		// A check named on the command line runs even if off by default.
		registry.EnableNamed(args)
		toolFlags()
		// The map's analyzer too: it does nothing unless the map mode
		// (map.go) sets its flag.
		unitchecker.Main(append(registry.Analyzers(), registry.Map())...)
		return
	}
	if len(args) > 0 && (args[0] == "help" || args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		os.Exit(help(os.Stdout, os.Stderr, args[1:]))
	}
	if len(args) > 0 && args[0] == "map" {
		os.Exit(runMap(args[1:]))
	}
	if len(args) == 1 && strings.TrimLeft(args[0], "-") == "golangci-config" {
		fmt.Print(golangciconf.Generate())
		return
	}
	os.Exit(drive(args))
}

// toolFlags registers the flags that the standalone command passes to the
// vet tool for itself, beside the checks' own: "-flags" lists them, so go
// vet accepts them, and go vet's cache keys hold their values. They are
// no check's flags: help does not list them, and no analyzer reads them.
func toolFlags() {
	flag.String(inputsFlag, "", "internal: a digest of the files outside the analysed packages that the checks read (set by the reconcilecheck command, so that go vet's cached results change when they do); it changes no finding")
	flag.BoolFunc(suppressedFlag, "internal: also report the findings a //reconcilecheck:ignore directive silences, under the category \"reconcilecheck:ignore <reason>\" and without fixes (for the reconcilecheck command's SARIF log)", func(s string) error {
		on, err := strconv.ParseBool(s)
		suppressed.Report(on)
		return err
	})
}

// suppressedFlag makes the vet tool report silenced findings (see package
// suppressed).
const suppressedFlag = "report-suppressed"

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
// returns the exit status: 0 no findings, 1 findings or a package that does
// not compile, 2 a usage or setup error, 128+n after signal n.
func drive(args []string) int {
	o, err := parseArgs(args)
	if err != nil {
		return fail(err)
	}
	self, err := os.Executable()
	if err != nil {
		return fail(fmt.Errorf("cannot locate own executable: %w", err))
	}
	r := newRunner()
	defer r.stop()
	base, mods, err := checkSetup(r, o)
	if err != nil {
		return fail(err)
	}
	if o.baseline != "" {
		// A baseline that cannot be read fails before the analysis.
		if _, err := baseline.Read(o.baseline, repoRoot(base)); err != nil {
			return fail(err)
		}
	}
	// The internal flags come first, then the user's: go vet keys its
	// cache by the flags in order, and a go vet -vettool run given the
	// same ones in the same order shares that cache.
	vet := concat([]string{"vet", "-vettool=" + self}, internalFlags(mods), o.vetFlags)
	if o.diff || o.fix {
		// The fixes come from the same -json run as the findings (see
		// fixes.go): the go command's vet cache serves every mode.
		var out bytes.Buffer
		if code := r.run(o.dir, &out, concat(vet, "-json", "--", o.patterns)); code != 0 {
			return code
		}
		findings, err := parseVetJSON(out.Bytes())
		if err != nil {
			return fail(fmt.Errorf("reading go vet's output: %w", err))
		}
		findings, _ = splitSuppressed(findings)
		if findings, _, err = newFindings(o, findings, base); err != nil {
			return fail(err)
		}
		files, skipped, err := fixedFiles(findings)
		if err != nil {
			return fail(err)
		}
		if skipped > 0 {
			fmt.Fprintf(os.Stderr, "reconcilecheck: %d fixes overlap others and were left out; run again to apply them\n", skipped)
		}
		if o.diff {
			// Like go vet -fix -diff: exit 1 when a diff was printed.
			n, err := printDiffs(os.Stdout, files, base)
			if err != nil {
				return fail(err)
			}
			if n > 0 {
				return 1
			}
			return 0
		}
		if err := writeFixes(files); err != nil {
			return fail(err)
		}
		// Then report what the fixes left.
	}
	var out bytes.Buffer
	code := r.run(o.dir, &out, concat(vet, "-json", "--", o.patterns))
	if code > 128 {
		return code
	}
	findings, err := parseVetJSON(out.Bytes())
	if err != nil {
		return fail(fmt.Errorf("reading go vet's output: %w", err))
	}
	findings, silenced := splitSuppressed(findings)
	// -json prints go vet's output as it is, unless findings are left out.
	rawJSON := o.baseline == "" && len(silenced) == 0
	if o.baselineWrite != "" {
		n, err := baseline.Write(o.baselineWrite, findings, repoRoot(base))
		if err != nil {
			return fail(err)
		}
		fmt.Fprintf(os.Stderr, "reconcilecheck: recorded %d findings in %s\n", n, o.baselineWrite)
		return code // 0, or 1 when a package does not compile
	}
	findings, stale, err := newFindings(o, findings, base)
	if err != nil {
		return fail(err)
	}
	if len(stale) > 0 {
		fmt.Fprintf(os.Stderr, "reconcilecheck: %d findings of baseline %s are gone (fixed, moved to another file or reworded): write it again with -baseline-write\n", len(stale), o.baseline)
		for _, e := range stale {
			fmt.Fprintf(os.Stderr, "\t%s: %s: %s\n", e.File, e.Check, e.Message)
		}
	}
	if o.sarif != "" {
		if err := writeSARIF(o.sarif, findings, silenced, !o.noSarifSuppressed, base); err != nil {
			return fail(err)
		}
	}
	if o.json {
		// go vet -json reports in its output and exits 0 with findings.
		if rawJSON {
			os.Stdout.Write(out.Bytes())
		} else if err := vetjson.Write(os.Stdout, findings); err != nil {
			return fail(err)
		}
		return code
	}
	if n := printText(os.Stderr, findings, base); n > 0 && code == 0 {
		code = 1
	}
	return code
}

// internalFlags are the tool flags the command adds to every go vet run
// on the modules (see toolFlags).
func internalFlags(mods []inputModule) []string {
	return []string{"-" + inputsFlag + "=" + inputsDigest(mods, markerPositionsShown()), "-" + suppressedFlag}
}

// splitSuppressed separates the findings that a directive silenced, which
// the vet tool reports for the SARIF log alone, from the others: text,
// -json, the exit status, baselines and fixes see only those.
func splitSuppressed(fs []finding) (open, silenced []finding) {
	for _, f := range fs {
		if _, ok := suppressed.Reason(f.Diag.Category); ok && f.Err == "" {
			silenced = append(silenced, f)
		} else {
			open = append(open, f)
		}
	}
	return open, silenced
}

// newFindings returns the findings that the -baseline file does not
// hold (all of them without one), and its entries no finding matched.
// The file is read afresh at each call: -fix matches twice.
func newFindings(o options, fs []finding, base string) ([]finding, []baseline.Entry, error) {
	if o.baseline == "" {
		return fs, nil, nil
	}
	set, err := baseline.Read(o.baseline, repoRoot(base))
	if err != nil {
		return nil, nil, err
	}
	return set.New(fs), set.Stale(), nil
}

// fail prints err as one line and returns its exit status.
func fail(err error) int {
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	fmt.Fprintf(os.Stderr, "reconcilecheck: %v\n", err)
	var ue *usageError
	if errors.As(err, &ue) && strings.HasPrefix(ue.msg, "unknown flag") {
		fmt.Fprintln(os.Stderr, "Run 'reconcilecheck help' for the flags and checks.")
	}
	return 2
}

func concat(args []string, more ...any) []string {
	out := append([]string(nil), args...)
	for _, m := range more {
		switch m := m.(type) {
		case string:
			out = append(out, m)
		case []string:
			out = append(out, m...)
		}
	}
	return out
}

// finding is one finding of go vet's -json output, as vetjson reads it.
type finding = vetjson.Finding

var parseVetJSON = vetjson.Parse

// printText prints findings the way go vet prints text, with the check's
// name before each message, and returns their number. Paths are made
// relative to base when they lie under it.
func printText(w io.Writer, fs []finding, base string) int {
	rel := func(posn string) string {
		if r, err := filepath.Rel(base, posn); err == nil && !strings.HasPrefix(r, "..") {
			return r
		}
		return posn
	}
	pkg := ""
	for _, f := range fs {
		if f.Pkg != pkg {
			pkg = f.Pkg
			fmt.Fprintf(w, "# %s\n", pkg)
		}
		if f.Err != "" {
			fmt.Fprintf(w, "%s: %s: error: %s\n", f.Pkg, f.Check, f.Err)
			continue
		}
		fmt.Fprintf(w, "%s: %s: %s\n", rel(f.Diag.Posn), f.Check, f.Diag.Message)
		for _, r := range f.Diag.Related {
			fmt.Fprintf(w, "%s: \t%s\n", rel(r.Posn), r.Message)
		}
	}
	return len(fs)
}

var splitPosn = vetjson.SplitPosn

// commandFlags are the standalone command's own flags, for help.
var commandFlags = [][2]string{
	{"-C dir", "change to dir before loading packages (anywhere before the patterns)"},
	{"-json", "print go vet's JSON (package -> check -> findings); exit 0 with findings"},
	{"-fix", "apply the suggested fixes, then print the findings left (those without a fix)"},
	{"-diff", "print the suggested fixes as a unified diff; change nothing"},
	{"-sarif file", "also write the findings to file as SARIF 2.1.0 (for code scanning)"},
	{"-sarif-suppressed=false", "leave out of the SARIF log the findings a //reconcilecheck:ignore directive silences (by default suppressed results, with the directive's reason)"},
	{"-baseline file", "report only the findings file does not hold (written by -baseline-write, or -json output); list its entries that are gone"},
	{"-baseline-write file", "record the findings in file, as a baseline, and exit 0"},
	{"-<check>=false", "disable a check, e.g. -notfounderr=false"},
	{"-<check>", "run only the checks named so, those off by default too (go vet's rule: naming one check disables the rest)"},
	{"-<check>.enable", "turn a check on (the checks marked off below ship off) or, =false, off"},
	{"-<check>.<flag>=value", "set a check's flag (listed below)"},
	{"-tags, -mod, ...", "go build flags, passed to go vet"},
	{"-golangci-config", "print the .golangci.yml entries of one golangci-lint linter per check, and exit (alone on the line)"},
}

// help prints the list of checks, or the documentation of the named ones.
func help(stdout, stderr io.Writer, names []string) int {
	checks := registry.Checks()
	if len(names) == 0 {
		fmt.Fprintln(stdout, "reconcilecheck finds the bugs of Kubernetes controllers built on controller-runtime.")
		fmt.Fprintln(stdout)
		fmt.Fprintln(stdout, "Usage:")
		fmt.Fprintln(stdout, "  reconcilecheck [flags] [packages]")
		fmt.Fprintln(stdout, "  go vet -vettool=$(which reconcilecheck) [check flags] [packages]")
		fmt.Fprintln(stdout, "  reconcilecheck map [-format mermaid|dot|json] [-C dir] [packages]   (the controller map: docs/map.md)")
		fmt.Fprintln(stdout, "  reconcilecheck help <check>")
		fmt.Fprintln(stdout)
		fmt.Fprintln(stdout, "Flags:")
		tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		for _, f := range commandFlags {
			fmt.Fprintf(tw, "  %s\t%s\n", f[0], f[1])
		}
		tw.Flush()
		fmt.Fprintln(stdout)
		fmt.Fprintln(stdout, "Exit status: 0 no findings, 1 findings or a package that does not compile,")
		fmt.Fprintln(stdout, "2 a usage or setup error, 128+n after signal n.")
		fmt.Fprintln(stdout)
		fmt.Fprintln(stdout, "Checks (catalogue item, on or off by default, level, summary):")
		tw = tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		for _, c := range checks {
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\n", c.Analyzer.Name, c.Catalogue, defaultState(c), c.Level, summary(c.Analyzer))
		}
		tw.Flush()
		fmt.Fprintln(stdout)
		fmt.Fprintln(stdout, "Check flags:")
		tw = tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		for _, c := range checks {
			c.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
				if f.Name == "enable" {
					return // one row above for every check
				}
				fmt.Fprintf(tw, "  -%s.%s\t%s (default %s)\n", c.Analyzer.Name, f.Name, firstLine(f.Usage), f.DefValue)
			})
		}
		tw.Flush()
		return 0
	}
	status := 0
	for _, name := range names {
		var found *analysis.Analyzer
		var level registry.Level
		for _, c := range checks {
			if c.Analyzer.Name == name {
				found, level = c.Analyzer, c.Level
			}
		}
		if found == nil {
			fmt.Fprintf(stderr, "reconcilecheck: unknown check %q; run 'reconcilecheck help' for the list\n", name)
			status = 2
			continue
		}
		fmt.Fprintf(stdout, "%s: %s\n\n", found.Name, found.Doc)
		fmt.Fprintf(stdout, "Level: %s\n", level)
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

// defaultState is "on" or "off": whether the check runs when not named.
func defaultState(c registry.Check) string {
	if c.Off != "" {
		return "off"
	}
	return "on"
}

func summary(a *analysis.Analyzer) string {
	s, _, _ := strings.Cut(a.Doc, "\n")
	return s
}
