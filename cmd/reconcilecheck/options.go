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

// parseArgs parses the standalone command line: flags, in any order, then
// package patterns. -C may come anywhere among the flags.
func parseArgs(args []string) (options, error) {
	var o options
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
		// needValue consumes the next argument as the flag's value.
		needValue := func() (string, error) {
			if hasValue {
				return value, nil
			}
			if i+1 >= len(args) {
				return "", usagef("flag needs an argument: -%s", name)
			}
			i++
			return args[i], nil
		}
		boolValue := func() (bool, error) {
			if !hasValue {
				return true, nil
			}
			b, err := strconv.ParseBool(value)
			if err != nil {
				return false, usagef("invalid value %q for -%s: want true or false", value, name)
			}
			return b, nil
		}
		var err error
		switch {
		case name == "C":
			o.dir, err = needValue()
			if err == nil && o.dir == "" {
				err = usagef("-C needs a directory")
			}
		case name == "sarif":
			o.sarif, err = needValue()
			if err == nil && o.sarif == "" {
				err = usagef("-sarif needs a file name")
			}
		case name == "baseline":
			o.baseline, err = needValue()
			if err == nil && o.baseline == "" {
				err = usagef("-baseline needs a file name")
			}
		case name == "baseline-write":
			o.baselineWrite, err = needValue()
			if err == nil && o.baselineWrite == "" {
				err = usagef("-baseline-write needs a file name")
			}
		case name == "golangci-config":
			err = usagef("-golangci-config prints the golangci-lint entries and takes no other argument")
		case name == "sarif-suppressed":
			var on bool
			on, err = boolValue()
			o.noSarifSuppressed = !on
		case name == "json":
			o.json, err = boolValue()
		case name == "fix":
			o.fix, err = boolValue()
		case name == "diff":
			o.diff, err = boolValue()
		case name == "c":
			err = usagef("-c (lines of context) is not supported; use go vet -vettool for it")
		case goValueFlags[name]:
			var v string
			if v, err = needValue(); err == nil {
				o.vetFlags = append(o.vetFlags, "-"+name+"="+v)
				if listFlagNames[name] {
					o.listFlags = append(o.listFlags, "-"+name+"="+v)
				}
			}
		case goBoolFlags[name]:
			o.vetFlags = append(o.vetFlags, arg)
		case name == "":
			err = usagef("bad flag syntax: %s", arg)
		default:
			if err = checkFlag(name, value, hasValue); err == nil {
				o.vetFlags = append(o.vetFlags, arg)
				if on, _ := strconv.ParseBool(value); !strings.Contains(name, ".") && (!hasValue || on) && registry.IsOffByDefault(name) {
					// Naming a check off by default asks for it.
					o.vetFlags = append(o.vetFlags, "-"+name+".enable")
					err = registry.SetFlag(name+".enable", "true")
				}
			}
		}
		if err != nil {
			return o, err
		}
	}
	o.patterns = args[i:]
	if len(o.patterns) == 0 {
		o.patterns = []string{"."}
	}
	for _, p := range o.patterns {
		if strings.HasPrefix(p, "-") {
			return o, usagef("flag %s after the package patterns: flags go before the patterns", p)
		}
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
