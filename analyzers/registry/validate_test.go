package registry

import (
	"testing"

	"golang.org/x/tools/go/analysis"
)

// No check that ships off has a flag of its own today, so the wording for
// one is tested on a check made here.
func TestFlagOfCheckOffByDefault(t *testing.T) {
	a := &analysis.Analyzer{Name: "offcheck", Doc: "a check off by default", Run: func(*analysis.Pass) (any, error) { return nil, nil }}
	a.Flags.Bool("extra", false, "a flag of the check")
	c := Check{Analyzer: a, Off: "a reason"}
	gate(&c)
	if err := c.validate(); err != nil {
		t.Errorf("validate() with no flag set = %v", err)
	}
	if err := a.Flags.Set("extra", "true"); err != nil {
		t.Fatal(err)
	}
	want := "-offcheck.extra has no effect: check offcheck is off by default; turn it on with -offcheck.enable"
	if err := c.validate(); err == nil || err.Error() != want {
		t.Errorf("validate() = %v, want %q", err, want)
	}
	if _, err := a.Run(nil); err == nil || err.Error() != want {
		t.Errorf("Run = %v, want %q", err, want)
	}
	if err := a.Flags.Set("enable", "true"); err != nil {
		t.Fatal(err)
	}
	if err := c.validate(); err != nil {
		t.Errorf("validate() with the check on = %v", err)
	}
}
