package registry_test

import (
	"strings"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
)

// setFlag sets a registry flag and restores it when the test ends.
func setFlag(t *testing.T, name, value string) {
	t.Helper()
	check, f, _ := strings.Cut(name, ".")
	a, err := registry.Lookup(check)
	if err != nil {
		t.Fatal(err)
	}
	old := a.Flags.Lookup(f).Value.String()
	if err := registry.SetFlag(name, value); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := registry.SetFlag(name, old); err != nil {
			t.Error(err)
		}
	})
}

// Every check has an enable flag whose default is its default state; a
// check off by default says why, and its Run does nothing until it is
// turned on (it does not even look at the pass). Whether a check ships off
// depends on the measurements of the day, so one is made to, as a check
// that falls short would be.
func TestDefaults(t *testing.T) {
	check := func(t *testing.T) map[string]bool {
		off := map[string]bool{}
		for _, c := range registry.Checks() {
			f := c.Analyzer.Flags.Lookup("enable")
			if f == nil {
				t.Errorf("check %s has no enable flag", c.Analyzer.Name)
				continue
			}
			if want := map[bool]string{true: "false", false: "true"}[c.Off != ""]; f.DefValue != want || c.Enabled() != (c.Off == "") {
				t.Errorf("check %s: enable defaults to %s (enabled %v), want %s (Off %q)", c.Analyzer.Name, f.DefValue, c.Enabled(), want, c.Off)
			}
			if registry.IsOffByDefault(c.Analyzer.Name) != (c.Off != "") {
				t.Errorf("IsOffByDefault(%s) = %v, Off %q", c.Analyzer.Name, c.Off == "", c.Off)
			}
			if c.Off == "" {
				continue
			}
			off[c.Analyzer.Name] = true
			if !strings.Contains(f.Usage, c.Off) {
				t.Errorf("check %s: its enable flag's usage %q does not say why it is off (%q)", c.Analyzer.Name, f.Usage, c.Off)
			}
			if res, err := c.Analyzer.Run(nil); res != nil || err != nil {
				t.Errorf("check %s is off but its Run returned %v, %v", c.Analyzer.Name, res, err)
			}
		}
		return off
	}
	shipped := check(t)

	restore, err := registry.ShipOff("createexists", "measured short")
	if err != nil {
		t.Fatal(err)
	}
	off := check(t)
	if len(off) != len(shipped)+1 || !off["createexists"] || registry.IsOffByDefault("notfounderr") {
		t.Errorf("checks off by default: %v, want %v and createexists", off, shipped)
	}
	restore()
	if after := check(t); len(after) != len(shipped) {
		t.Errorf("after the restore, checks off by default: %v, want %v", after, shipped)
	}
	if _, err := registry.ShipOff("createexist", "x"); err == nil {
		t.Error("ShipOff of an unknown check: no error")
	}
}

// A flag of a check that does not run is an error, in the plugin's and
// the command's settings (Validate) and in go vet's runs (the check's
// Run); once the check is on, it is not.
func TestFlagOfCheckOff(t *testing.T) {
	setFlag(t, "rbacgrant.unused", "true")
	setFlag(t, "rbacgrant.enable", "false")
	a, _ := registry.Lookup("rbacgrant")
	want := "-rbacgrant.unused has no effect: check rbacgrant is turned off; turn it on with -rbacgrant.enable"
	if err := registry.Validate(); err == nil || err.Error() != want {
		t.Errorf("Validate() = %v, want %q", err, want)
	}
	if _, err := a.Run(nil); err == nil || err.Error() != want {
		t.Errorf("Run = %v, want %q", err, want)
	}
	setFlag(t, "rbacgrant.enable", "true")
	if err := registry.Validate(); err != nil {
		t.Errorf("Validate() with the check on = %v", err)
	}
}

// Naming a check as go vet selects one (-<check>, -<check>=true) turns it
// on; -<check>=false, check flags and package patterns do not.
func TestEnableNamed(t *testing.T) {
	for _, f := range []string{"rbacgrant.enable", "statusloop.enable", "timewait.enable", "createexists.enable", "finalizerreturn.enable"} {
		setFlag(t, f, "false")
	}
	registry.EnableNamed([]string{"-rbacgrant", "--statusloop=true", "-timewait=false", "-createexists.enable=false", "--", "-finalizerreturn"})
	for name, want := range map[string]bool{"rbacgrant": true, "statusloop": true, "timewait": false, "createexists": false, "finalizerreturn": false} {
		a, _ := registry.Lookup(name)
		if got := a.Flags.Lookup("enable").Value.String() == "true"; got != want {
			t.Errorf("after EnableNamed, %s on = %v, want %v", name, got, want)
		}
	}
}
