// Package vetjson reads go vet's -json output, which the command prints
// and reads back for -fix, -diff and -sarif, and on which the fixture
// tests match their expectations.
package vetjson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// Diagnostic is one finding in go vet's -json output.
type Diagnostic struct {
	Category string `json:"category,omitempty"`
	Posn     string `json:"posn"`
	End      string `json:"end,omitempty"`
	Message  string `json:"message"`
	Related  []struct {
		Posn    string `json:"posn"`
		End     string `json:"end,omitempty"`
		Message string `json:"message"`
	} `json:"related,omitempty"`
	SuggestedFixes []Fix `json:"suggested_fixes,omitempty"`
}

// Fix is one suggested fix: its message and its edits.
type Fix struct {
	Message string `json:"message"`
	Edits   []Edit `json:"edits"`
}

// Edit replaces the bytes [Start, End) of the file Filename with New.
type Edit struct {
	Filename string `json:"filename"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
	New      string `json:"new"`
}

// Finding is a diagnostic of one check on one package, or the error of
// the check on it.
type Finding struct {
	Pkg, Check string
	Diag       Diagnostic
	Err        string
}

// Parse reads go vet's -json output: a JSON object per package, package
// -> check -> diagnostics (or {"error": ...}). The findings come sorted
// by package, file, line and column, then check.
func Parse(out []byte) ([]Finding, error) {
	var fs []Finding
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err == io.EOF {
			break
		} else if err != nil {
			return nil, err
		}
		for pkg, checks := range tree {
			for check, raw := range checks {
				var diags []Diagnostic
				if err := json.Unmarshal(raw, &diags); err != nil {
					var e struct{ Error string }
					if json.Unmarshal(raw, &e) != nil || e.Error == "" {
						return nil, fmt.Errorf("package %s, check %s: %w", pkg, check, err)
					}
					fs = append(fs, Finding{Pkg: pkg, Check: check, Err: e.Error})
					continue
				}
				for _, d := range diags {
					fs = append(fs, Finding{Pkg: pkg, Check: check, Diag: d})
				}
			}
		}
	}
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Pkg != b.Pkg {
			return a.Pkg < b.Pkg
		}
		if a.Diag.Posn != b.Diag.Posn {
			return PosnLess(a.Diag.Posn, b.Diag.Posn)
		}
		return a.Check < b.Check
	})
	return fs, nil
}

// Write writes findings in go vet's -json form, a JSON object per
// package (in the order of their first finding): what Parse reads.
func Write(w io.Writer, fs []Finding) error {
	var pkgs []string
	trees := map[string]map[string]any{}
	for _, f := range fs {
		tree, ok := trees[f.Pkg]
		if !ok {
			tree = map[string]any{}
			trees[f.Pkg] = tree
			pkgs = append(pkgs, f.Pkg)
		}
		if f.Err != "" {
			tree[f.Check] = map[string]string{"error": f.Err}
			continue
		}
		diags, _ := tree[f.Check].([]Diagnostic)
		tree[f.Check] = append(diags, f.Diag)
	}
	for _, pkg := range pkgs {
		data, err := json.MarshalIndent(map[string]any{pkg: trees[pkg]}, "", "\t")
		if err != nil {
			return err
		}
		if _, err := w.Write(append(data, '\n')); err != nil {
			return err
		}
	}
	return nil
}

// PosnLess orders go vet positions by file, line and column.
func PosnLess(a, b string) bool {
	fa, la, ca := SplitPosn(a)
	fb, lb, cb := SplitPosn(b)
	if fa != fb {
		return fa < fb
	}
	if la != lb {
		return la < lb
	}
	return ca < cb
}

// SplitPosn splits go vet's "file:line:col" (the file may hold colons).
func SplitPosn(posn string) (file string, line, col int) {
	parts := strings.Split(posn, ":")
	if len(parts) < 3 {
		return posn, 0, 0
	}
	line, _ = strconv.Atoi(parts[len(parts)-2])
	col, _ = strconv.Atoi(parts[len(parts)-1])
	return strings.Join(parts[:len(parts)-2], ":"), line, col
}
