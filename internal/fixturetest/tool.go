package fixturetest

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"os/exec"
	"reflect"
	"regexp"
	"runtime"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// The fixture tool (ToolPackage) is a vet tool: the registry's checks and
// the layers' probes. This package builds it by its import path and does
// not import it, nor anything under analyzers/: a layer's test binary
// links the harness, the layer and its probe, not the 41 checks. So the
// harness cannot compare an analyzer with the tool's by pointer; it asks
// the tool, once per test binary, for its analyzers' names and
// fingerprints (ListFlag), and decides with InTool.

// ToolPackage is the import path of the fixture tool's main package.
const ToolPackage = "github.com/reconcilecheck/reconcilecheck/analyzers/registry/fixturevet"

// ListFlag is the fixture tool's argument that makes it print one line
// per analyzer it runs, "<name> <fingerprint>" (see WriteList), instead
// of acting as a vet tool; it must be the only argument.
const ListFlag = "-list-analyzers"

// FactCategory prefixes the category of the pseudo-diagnostics by which
// the fixture tool reports a check's facts ("fact:<object name>", or
// "fact:package"), so that "// want Name:`fact`" expectations can be
// checked from go vet's JSON.
const FactCategory = "fact:"

// ToolFlags returns the flag values the fixture tool gives every analyzer
// that has the flag, whatever its default: fixtures test the checks that
// ship off too, and a run with the same flags shares go vet's cache.
func ToolFlags() map[string]string { return map[string]string{"enable": "true"} }

// Fingerprint sums up what an analyzer is, as far as both the test
// process and the fixture tool can see it: its name, its Doc, the names
// of the analyzers it requires, its fact and result types, and its flags
// other than ToolFlags (which the registry adds in the tool only). Not
// its Run: the registry wraps every check's Run in the tool (the enable
// gate, the directives), and a function's identity does not cross
// processes anyway; see InTool for what stands in for it.
func Fingerprint(a *analysis.Analyzer) string {
	h := sha256.New()
	field := func(s string) { fmt.Fprintf(h, "%d:%s;", len(s), s) }
	field(a.Name)
	field(a.Doc)
	for _, r := range a.Requires {
		field("requires " + r.Name)
	}
	for _, f := range a.FactTypes {
		field("fact " + reflect.TypeOf(f).String())
	}
	if a.ResultType != nil {
		field("result " + a.ResultType.String())
	}
	tool := ToolFlags()
	a.Flags.VisitAll(func(f *flag.Flag) {
		if _, ok := tool[f.Name]; !ok {
			field("flag " + f.Name)
		}
	})
	return hex.EncodeToString(h.Sum(nil)[:12])
}

// WriteList writes the list ListFlag asks for: the name and fingerprint
// of each of as, one per line.
func WriteList(w io.Writer, as []*analysis.Analyzer) error {
	for _, a := range as {
		if _, err := fmt.Fprintf(w, "%s %s\n", a.Name, Fingerprint(a)); err != nil {
			return err
		}
	}
	return nil
}

// ParseList reads WriteList's output: the fingerprint of each analyzer by
// name. A name listed twice is an error (go vet could not tell their
// diagnostics apart).
func ParseList(out []byte) (map[string]string, error) {
	l := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			continue
		}
		name, fp, ok := strings.Cut(line, " ")
		if !ok || name == "" || fp == "" || strings.Contains(fp, " ") {
			return nil, fmt.Errorf("fixture tool list: malformed line %q", line)
		}
		if _, dup := l[name]; dup {
			return nil, fmt.Errorf("fixture tool list: analyzer %s listed twice", name)
		}
		l[name] = fp
	}
	if len(l) == 0 {
		return nil, fmt.Errorf("fixture tool list: no analyzers")
	}
	return l, nil
}

// listTool runs the fixture tool binary bin with ListFlag.
func listTool(bin string) (map[string]string, error) {
	var stderr bytes.Buffer
	cmd := exec.Command(bin, ListFlag)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w\n%s", bin, ListFlag, err, stderr.Bytes())
	}
	return ParseList(out)
}

// InTool reports whether the fixture tool, whose analyzers list gives
// (ParseList), runs a itself, and if not, why: a then runs in the test
// process, with analysistest. a is the tool's when
//
//   - the tool lists an analyzer of a's name,
//   - with a's fingerprint (the same Doc, requirements, facts, result and
//     flags: a check rebuilt with another Doc or flag set is another), and
//   - a's Run is fixed at compile time: a declared function, or a function
//     literal of a package-level variable's initializer. The same code
//     then runs in both processes (the tool wrapping it as users get it),
//     given the same flags, which the harness passes on. A Run made at run
//     time (a closure a constructor returns, a method value) depends on
//     what it captured, which no fingerprint shows: directive.New(known)
//     gives an analyzer named "directive" whose Doc and all are the
//     registry's but whose known checks are the test's. It runs here.
//
// Only Run can tell a constructed analyzer from the package variable the
// tool links; a test binary that links the registry sees every check's
// Run wrapped at run time, so its checks run here, as wrapped.
func InTool(list map[string]string, a *analysis.Analyzer) (bool, string) {
	fp, ok := list[a.Name]
	switch {
	case !ok:
		return false, fmt.Sprintf("the fixture tool has no analyzer %s", a.Name)
	case fp != Fingerprint(a):
		return false, fmt.Sprintf("analyzer %s is not the fixture tool's (another Doc, requirement, fact, result or flag set)", a.Name)
	}
	if sym, static := staticFunc(a.Run); !static {
		return false, fmt.Sprintf("the Run of analyzer %s, %s, is made at run time and may differ from the fixture tool's", a.Name, sym)
	}
	return true, ""
}

// staticFunc returns the symbol of the function f and whether it is fixed
// at compile time: a declared function or method expression, or a
// function literal in a package-level initializer ("pkg.init.func1"); not
// a closure made in a function ("pkg.New.func1", also when inlined into
// init: "pkg.init.New.func1") nor a method value ("pkg.T.m-fm").
func staticFunc(f any) (string, bool) {
	v := reflect.ValueOf(f)
	if v.Kind() != reflect.Func || v.IsNil() {
		return "", false
	}
	fn := runtime.FuncForPC(v.Pointer())
	if fn == nil {
		return "", false
	}
	sym := fn.Name()
	// The package path ends at the last slash; the package name, then
	// the function within it.
	local := sym[strings.LastIndex(sym, "/")+1:]
	_, local, ok := strings.Cut(local, ".")
	if !ok {
		return sym, false
	}
	if strings.HasSuffix(local, "-fm") {
		return sym, false
	}
	if !strings.Contains(local, ".func") {
		return sym, true
	}
	return sym, initLiteral.MatchString(local)
}

// initLiteral matches the local symbol of a function literal of a
// package-level initializer, and of literals nested in it.
var initLiteral = regexp.MustCompile(`^(init|glob\.)\.func\d+(\.\d+|\.func\d+)*$`)

// vetFlags returns the go vet flags that give a's flags in the fixture
// tool the values they have here; ToolFlags are the tool's, whatever
// their value here (a check off by default is tested on).
func vetFlags(a *analysis.Analyzer) []string {
	var out []string
	tool := ToolFlags()
	a.Flags.VisitAll(func(f *flag.Flag) {
		if _, ok := tool[f.Name]; ok {
			return
		}
		if cur := f.Value.String(); cur != f.DefValue {
			out = append(out, "-"+a.Name+"."+f.Name+"="+cur)
		}
	})
	return out
}
