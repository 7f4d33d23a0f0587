package registry

import (
	"flag"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Settings picks checks and sets their flags. The command line
// (-<check>=false, -<check>.<flag>=value) and the golangci-lint plugin's
// settings both go through Lookup, SetFlag and Select, so a name or value
// means the same thing, and fails with the same message, in every mode.
type Settings struct {
	// Enable, when not empty, runs only these checks, those off by
	// default too.
	Enable []string `json:"enable"`
	// Disable removes checks from the run.
	Disable []string `json:"disable"`
	// Flags sets check flags: check name -> flag name -> value.
	Flags map[string]map[string]any `json:"flags"`
}

// Lookup returns the analyzer of the named check.
func Lookup(name string) (*analysis.Analyzer, error) {
	for _, c := range checks {
		if c.Analyzer.Name == name {
			return c.Analyzer, nil
		}
	}
	return nil, fmt.Errorf("unknown check %q (known: %s)", name, strings.Join(names(), ", "))
}

// SetFlag sets flag name ("<check>.<flag>") to value, as "go vet" would
// when handed -<check>.<flag>=value.
func SetFlag(name, value string) error {
	check, fname, ok := strings.Cut(name, ".")
	if !ok {
		return fmt.Errorf("flag %q is not of the form <check>.<flag>", name)
	}
	a, err := Lookup(check)
	if err != nil {
		return err
	}
	f := a.Flags.Lookup(fname)
	if f == nil {
		var known []string
		a.Flags.VisitAll(func(f *flag.Flag) { known = append(known, f.Name) })
		if len(known) == 0 {
			return fmt.Errorf("check %s has no flags (asked for %q)", check, fname)
		}
		return fmt.Errorf("check %s has no flag %q (known: %s)", check, fname, strings.Join(known, ", "))
	}
	if err := f.Value.Set(value); err != nil {
		return fmt.Errorf("invalid value %q for flag %s.%s: %w", value, check, fname, err)
	}
	return nil
}

// Select validates s, applies its flags and returns the analyzers to run,
// in catalogue order.
func (s Settings) Select() ([]*analysis.Analyzer, error) {
	on := map[string]bool{}
	for _, c := range checks {
		on[c.Analyzer.Name] = len(s.Enable) == 0
	}
	for _, n := range s.Enable {
		if _, err := Lookup(n); err != nil {
			return nil, fmt.Errorf("enable: %w", err)
		}
		on[n] = true
		if err := SetFlag(n+".enable", "true"); err != nil {
			return nil, fmt.Errorf("enable: %w", err)
		}
	}
	for _, n := range s.Disable {
		if _, err := Lookup(n); err != nil {
			return nil, fmt.Errorf("disable: %w", err)
		}
		on[n] = false
	}
	checkNames := make([]string, 0, len(s.Flags))
	for c := range s.Flags {
		checkNames = append(checkNames, c)
	}
	sort.Strings(checkNames)
	for _, c := range checkNames {
		flagNames := make([]string, 0, len(s.Flags[c]))
		for f := range s.Flags[c] {
			flagNames = append(flagNames, f)
		}
		sort.Strings(flagNames)
		for _, f := range flagNames {
			if err := SetFlag(c+"."+f, fmt.Sprint(s.Flags[c][f])); err != nil {
				return nil, fmt.Errorf("flags: %w", err)
			}
		}
	}
	if err := Validate(); err != nil {
		return nil, fmt.Errorf("flags: %w", err)
	}
	var out []*analysis.Analyzer
	for _, c := range checks {
		if on[c.Analyzer.Name] && c.Enabled() {
			out = append(out, c.Analyzer)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no check left to run (enable: %v, disable: %v)", s.Enable, s.Disable)
	}
	return out, nil
}

func names() []string {
	var out []string
	for _, c := range checks {
		out = append(out, c.Analyzer.Name)
	}
	return out
}

// EnableNamed turns on the checks that args name as go vet selects
// analyzers (-<check> or -<check>=true), those off by default too: naming
// a check is asking for it. It is for the vet tool's own command line,
// before unitchecker parses it; a later -<check>.enable=false still wins.
func EnableNamed(args []string) {
	for _, arg := range args {
		if arg == "--" {
			return
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		if !strings.HasPrefix(arg, "-") || strings.Contains(name, ".") {
			continue
		}
		if on, err := strconv.ParseBool(value); hasValue && (err != nil || !on) {
			continue
		}
		if _, err := Lookup(name); err == nil {
			_ = SetFlag(name+".enable", "true") // every check has the flag
		}
	}
}

// IsOffByDefault reports whether the named check ships off.
func IsOffByDefault(name string) bool {
	for _, c := range checks {
		if c.Analyzer.Name == name {
			return c.Off != ""
		}
	}
	return false
}

// ShipOff makes the named check ship off by default, for the given
// reason, as a check whose measurement falls short does: its enable flag
// defaults to false and is false, and every reader of Check.Off (the
// command's help, the generated golangci-lint entries, the plugin's
// settings) sees it off. It returns a function that restores the check.
//
// It exists for tests of the off-by-default path, which must stand
// whether or not a check ships off today.
func ShipOff(name, reason string) (restore func(), err error) {
	for i := range checks {
		c := &checks[i]
		if c.Analyzer.Name != name {
			continue
		}
		f := c.Analyzer.Flags.Lookup("enable")
		old, oldDef, oldUsage, oldOn := c.Off, f.DefValue, f.Usage, *c.enable
		c.Off, f.DefValue, f.Usage, *c.enable = reason, "false", offUsage(reason), false
		return func() {
			c.Off, f.DefValue, f.Usage, *c.enable = old, oldDef, oldUsage, oldOn
		}, nil
	}
	return nil, fmt.Errorf("unknown check %q", name)
}
