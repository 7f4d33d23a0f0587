package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
	"github.com/reconcilecheck/reconcilecheck/internal/controllermap"
)

// The controller map is a subcommand, not a flag of the check run: its
// output is the map, on stdout, in a format of its own choosing, and its
// exit status says whether the map could be made, not whether there are
// findings; none of the check run's flags (-json, -fix, -sarif, the
// checks') means anything to it. It runs go vet with the map's analyzer
// alone (naming it turns the checks off, go vet's rule): the analyzer
// and the layers it asks, on the same go vet machinery, packages and
// facts as the checks, without the checks' own work.

// mapFormats are the -format values of the map.
var mapFormats = []string{"mermaid", "dot", "json"}

// mapOptions is the command line of "reconcilecheck map".
type mapOptions struct {
	options
	format string
}

// parseMapArgs parses "map"'s arguments: -format, -C and go build flags,
// in any order, then package patterns.
func parseMapArgs(args []string) (mapOptions, error) {
	o := mapOptions{format: "mermaid"}
	own := func(f *flagArg) (bool, error) {
		if f.name != "format" {
			return false, nil
		}
		var err error
		o.format, err = f.needValue()
		if err == nil && !slices.Contains(mapFormats, o.format) {
			err = usagef("invalid value %q for -format: want %s", o.format, strings.Join(mapFormats, ", "))
		}
		return true, err
	}
	rest := func(f *flagArg) error {
		return usagef("unknown flag -%s for map: it takes -format, -C and go build flags (the checks do not run)", f.name)
	}
	err := scanFlags(args, &o.options, own, rest)
	return o, err
}

// mapFlags are the vet tool flags of the map mode: the map's analyzer
// named (the checks off) and enabled.
func mapFlags() []string {
	name := registry.Map().Name
	return []string{"-" + name, "-" + name + ".enable"}
}

// runMap runs "reconcilecheck map" and returns the exit status: 0 the map
// printed, 1 a package does not compile (go vet's message; the map of
// the rest is printed), 2 a usage or setup error, 128+n after signal n.
func runMap(args []string) int {
	o, err := parseMapArgs(args)
	if err != nil {
		return fail(err)
	}
	self, err := os.Executable()
	if err != nil {
		return fail(fmt.Errorf("cannot locate own executable: %w", err))
	}
	r := newRunner()
	defer r.stop()
	base, mods, err := checkSetup(r, o.options)
	if err != nil {
		return fail(err)
	}
	var out bytes.Buffer
	code := r.run(o.dir, &out, concat([]string{"vet", "-vettool=" + self}, internalFlags(mods), mapFlags(), o.vetFlags, "-json", "--", o.patterns))
	if code > 128 {
		return code
	}
	m, err := readMap(out.Bytes())
	if err != nil {
		return fail(fmt.Errorf("reading go vet's output: %w", err))
	}
	m.Relative(base)
	if len(m.Binaries) == 0 && code == 0 {
		fmt.Fprintln(os.Stderr, "reconcilecheck: no package main among the packages makes a manager: the map is empty (name the binaries' packages too, e.g. ./...)")
	}
	if err := writeMap(os.Stdout, m, o.format); err != nil {
		return fail(err)
	}
	return code
}

// readMap collects the map's reports from go vet's -json output, one
// binary per package main (its test variant reports it again).
func readMap(out []byte) (*controllermap.Map, error) {
	findings, err := parseVetJSON(out)
	if err != nil {
		return nil, err
	}
	m := &controllermap.Map{}
	name := registry.Map().Name
	for _, f := range findings {
		if f.Check != name {
			continue
		}
		if f.Err != "" {
			fmt.Fprintf(os.Stderr, "reconcilecheck: %s: %s\n", f.Pkg, f.Err)
			continue
		}
		if f.Diag.Category != controllermap.Category {
			continue
		}
		var b controllermap.Binary
		if err := json.Unmarshal([]byte(f.Diag.Message), &b); err != nil {
			return nil, fmt.Errorf("package %s: %w", f.Pkg, err)
		}
		m.Merge(b)
	}
	return m, nil
}

func writeMap(w io.Writer, m *controllermap.Map, format string) error {
	switch format {
	case "json":
		return m.WriteJSON(w)
	case "dot":
		return m.WriteDOT(w)
	}
	return m.WriteMermaid(w)
}
