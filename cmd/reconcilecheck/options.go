package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
)

// options is the standalone command's parsed command line.
type options struct {
	dir   string // -C: directory to run in ("" for the current one)
	json  bool   // -json: print go vet's JSON
	fix   bool   // -fix: apply the suggested fixes
	diff  bool   // -diff: print the suggested fixes as a diff
	sarif string // -sarif: also write a SARIF 2.1.0 log to this file
	// noSarifSuppressed: -sarif-suppressed=false, leave the findings a
	// directive silences out of the SARIF log.
	noSarifSuppressed bool
	// baseline: -baseline, report only the findings this file does not
	// hold; baselineWrite: -baseline-write, record the findings there.
	baseline, baselineWrite string
	vetFlags                []string // passed to go vet: check flags and build flags
	// listFlags are the build flags that change which packages the
	// patterns match, passed to the go list run that checks them.
	listFlags []string
	patterns  []string
}

// usageError is an error in the command line or in what it names: exit
// status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// Flags of "go vet" (build and output flags) that take a value, and so
// may be given as "-name value".
var goValueFlags = map[string]bool{
	"tags": true, "toolexec": true, "mod": true, "modfile": true, "overlay": true,
	"pgo": true, "gcflags": true, "ldflags": true, "asmflags": true, "p": true,
}

// goBoolFlags are the boolean flags of "go vet" passed through as they are.
var goBoolFlags = map[string]bool{
	"n": true, "x": true, "v": true, "race": true, "msan": true, "asan": true,
	"cover": true, "trimpath": true, "buildvcs": true, "work": true, "a": true,
}

// listFlagNames are the build flags that change which packages a pattern
// matches.
var listFlagNames = map[string]bool{"tags": true, "mod": true, "modfile": true, "overlay": true}

// flagArg is one flag of a command line being scanned: its text, name
// and value, with what follows it (a flag's value may be the next
// argument).
type flagArg struct {
	arg, name, value string
	hasValue         bool
	args             []string
	i                *int
}

// needValue returns the flag's value, consuming the next argument when
// the flag has no "=value".
func (f *flagArg) needValue() (string, error) {
	if f.hasValue {
		return f.value, nil
	}
	if *f.i+1 >= len(f.args) {
		return "", usagef("flag needs an argument: -%s", f.name)
	}
	*f.i++
	return f.args[*f.i], nil
}

// boolValue returns a boolean flag's value: true without "=value".
func (f *flagArg) boolValue() (bool, error) {
	if !f.hasValue {
		return true, nil
	}
	b, err := strconv.ParseBool(f.value)
	if err != nil {
		return false, usagef("invalid value %q for -%s: want true or false", f.value, f.name)
	}
	return b, nil
}

// scanFlags reads the flags before the package patterns, in any order,
// for the check run and "map" alike: -C and the go build flags go to o;
// own is asked first for every other flag (false: not its own), rest for
// what neither takes. It sets o.patterns ("." when none).
func scanFlags(args []string, o *options, own func(*flagArg) (bool, error), rest func(*flagArg) error) error {
	i := 0
	for ; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			i++
			break
		}
		if !strings.HasPrefix(arg, "-") || arg == "-" {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(arg, "-"), "-"), "=")
		f := &flagArg{arg: arg, name: name, value: value, hasValue: hasValue, args: args, i: &i}
		var taken bool
		var err error
		if name != "C" {
			taken, err = own(f)
		}
		switch {
		case name == "C":
			o.dir, err = f.needValue()
			if err == nil && o.dir == "" {
				err = usagef("-C needs a directory")
			}
		case taken || err != nil:
			// own's flag, or own's error.
		case goValueFlags[name]:
			var v string
			if v, err = f.needValue(); err == nil {
				o.vetFlags = append(o.vetFlags, "-"+name+"="+v)
				if listFlagNames[name] {
					o.listFlags = append(o.listFlags, "-"+name+"="+v)
				}
			}
		case goBoolFlags[name]:
			o.vetFlags = append(o.vetFlags, arg)
		default:
			err = rest(f)
		}
		if err != nil {
			return err
		}
	}
	o.patterns = args[i:]
	if len(o.patterns) == 0 {
		o.patterns = []string{"."}
	}
	for _, p := range o.patterns {
		if strings.HasPrefix(p, "-") {
			return usagef("flag %s after the package patterns: flags go before the patterns", p)
		}
	}
	return nil
}

// parseArgs parses the standalone command line: flags, in any order, then
// package patterns. -C may come anywhere among the flags.
func parseArgs(args []string) (options, error) {
	var o options
	own := func(f *flagArg) (bool, error) {
		var err error
		switch f.name {
		case "sarif":
			o.sarif, err = f.needValue()
			if err == nil && o.sarif == "" {
				err = usagef("-sarif needs a file name")
			}
		case "baseline":
			o.baseline, err = f.needValue()
			if err == nil && o.baseline == "" {
				err = usagef("-baseline needs a file name")
			}
		case "baseline-write":
			o.baselineWrite, err = f.needValue()
			if err == nil && o.baselineWrite == "" {
				err = usagef("-baseline-write needs a file name")
			}
		case "golangci-config":
			err = usagef("-golangci-config prints the golangci-lint entries and takes no other argument")
		case "sarif-suppressed":
			var on bool
			on, err = f.boolValue()
			o.noSarifSuppressed = !on
		case "json":
			o.json, err = f.boolValue()
		case "fix":
			o.fix, err = f.boolValue()
		case "diff":
			o.diff, err = f.boolValue()
		case "c":
			err = usagef("-c (lines of context) is not supported; use go vet -vettool for it")
		default:
			return false, nil
		}
		return true, err
	}
	rest := func(f *flagArg) error {
		if f.name == "" {
			return usagef("bad flag syntax: %s", f.arg)
		}
		err := checkFlag(f.name, f.value, f.hasValue)
		if err == nil {
			o.vetFlags = append(o.vetFlags, f.arg)
			if on, _ := strconv.ParseBool(f.value); !strings.Contains(f.name, ".") && (!f.hasValue || on) && registry.IsOffByDefault(f.name) {
				// Naming a check off by default asks for it.
				o.vetFlags = append(o.vetFlags, "-"+f.name+".enable")
				err = registry.SetFlag(f.name+".enable", "true")
			}
		}
		return err
	}
	if err := scanFlags(args, &o, own, rest); err != nil {
		return o, err
	}
	if err := registry.Validate(); err != nil {
		return o, &usageError{err.Error()}
	}
	switch {
	case o.json && (o.fix || o.diff):
		return o, usagef("-json cannot be combined with -fix or -diff")
	case o.diff && o.sarif != "":
		return o, usagef("-sarif cannot be combined with -diff")
	case o.noSarifSuppressed && o.sarif == "":
		return o, usagef("-sarif-suppressed=false has no effect without -sarif")
	case o.baselineWrite != "" && (o.baseline != "" || o.fix || o.diff || o.json || o.sarif != ""):
		return o, usagef("-baseline-write only records the findings: it takes no -baseline, -fix, -diff, -json or -sarif")
	}
	return o, nil
}

// checkFlag rejects a flag that names no check, or a check flag with a bad
// value, before the go command would answer with its own, longer usage
// text. Names and values go through the registry, as the golangci-lint
// plugin's settings do.
func checkFlag(name, value string, hasValue bool) error {
	if strings.Contains(name, ".") {
		if !hasValue {
			value = "true" // the only check flags are booleans
		}
		if err := registry.SetFlag(name, value); err != nil {
			return &usageError{err.Error()}
		}
		return nil
	}
	if _, err := registry.Lookup(name); err != nil {
		return usagef("unknown flag -%s: neither a reconcilecheck or go vet flag nor a check", name)
	}
	if hasValue {
		if _, err := strconv.ParseBool(value); err != nil {
			return usagef("invalid value %q for -%s: want true or false", value, name)
		}
	}
	return nil
}
