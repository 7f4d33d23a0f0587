package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

var noMatchRE = regexp.MustCompile(`^go: warning: "(.*)" matched no packages$`)

// checkSetup finds the errors that are the user's to fix before any
// analysis: a -C directory that does not exist, a directory outside any
// module, a pattern that matches no package. It lists the patterns with
// "go list" (cheap next to go vet) and returns the absolute directory the
// command runs in, and the modules of the packages the patterns match
// whose files may change (for inputsDigest).
func checkSetup(r *runner, o options) (string, []inputModule, error) {
	base, err := os.Getwd()
	if err != nil {
		return "", nil, fmt.Errorf("cannot get the current directory: %w", err)
	}
	if o.dir != "" {
		d := o.dir
		if !filepath.IsAbs(d) {
			d = filepath.Join(base, d)
		}
		if fi, err := os.Stat(d); err != nil {
			return "", nil, usagef("-C %s: no such directory", o.dir)
		} else if !fi.IsDir() {
			return "", nil, usagef("-C %s: not a directory", o.dir)
		}
		base = d
	}
	var stdout, stderr bytes.Buffer
	args := concat([]string{"list", "-e", "-json=ImportPath,Dir,Error,GoFiles,CgoFiles,TestGoFiles,XTestGoFiles,Module"}, o.listFlags, "--", o.patterns)
	code, err := r.output(base, &stdout, &stderr, args)
	if err != nil {
		return "", nil, fmt.Errorf("running go list: %w", err)
	}
	if code > 128 {
		return "", nil, &exitError{code}
	}
	if code != 0 {
		return "", nil, usagef("%s", goError(stderr.String()))
	}
	// go list exits 0 when a pattern matches nothing, with a warning.
	sc := bufio.NewScanner(&stderr)
	for sc.Scan() {
		if m := noMatchRE.FindStringSubmatch(sc.Text()); m != nil {
			return "", nil, usagef("pattern %s matches no packages in %s", m[1], base)
		}
	}
	type module struct {
		Path, Dir, Version string
		Main               bool
		Replace            *module
	}
	var mods []inputModule
	dec := json.NewDecoder(&stdout)
	for {
		var p struct {
			ImportPath, Dir                              string
			Error                                        *struct{ Err string }
			GoFiles, CgoFiles, TestGoFiles, XTestGoFiles []string
			Module                                       *module
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return "", nil, fmt.Errorf("reading go list's output: %w", err)
		}
		// The main modules (several in a workspace) and a module replaced
		// by a directory: a module of the module cache never changes.
		if m := p.Module; m != nil && (m.Main || m.Replace != nil && m.Replace.Version == "") {
			dir := m.Dir
			if m.Replace != nil && m.Replace.Dir != "" {
				dir = m.Replace.Dir
			}
			if dir != "" && !slices.ContainsFunc(mods, func(x inputModule) bool { return x.dir == dir }) {
				mods = append(mods, inputModule{path: m.Path, dir: dir})
			}
		}
		// A package with Go files but an error (a syntax error, a missing
		// import) is for go vet to report as a package that does not
		// compile. Without files, the pattern names nothing to check.
		if p.Error != nil && len(p.GoFiles)+len(p.CgoFiles)+len(p.TestGoFiles)+len(p.XTestGoFiles) == 0 {
			msg := firstLine(p.Error.Err)
			if strings.Contains(msg, "does not contain main module") || strings.Contains(msg, "go.mod file not found") {
				return "", nil, usagef("%s is not in a Go module (no go.mod here or above): %s", base, msg)
			}
			if !strings.Contains(msg, p.ImportPath) {
				msg = fmt.Sprintf("pattern %s: %s", p.ImportPath, msg)
			}
			return "", nil, usagef("%s", msg)
		}
	}
	return base, mods, nil
}

// exitError carries an exit status that was already explained.
type exitError struct{ code int }

func (e *exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// goError makes one line of the go command's error output.
func goError(stderr string) string {
	line := firstLine(strings.TrimSpace(stderr))
	line = strings.TrimPrefix(line, "go: ")
	if strings.Contains(line, "go.mod file not found") {
		return "not in a Go module: " + line
	}
	if line == "" {
		return "go list failed"
	}
	return line
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	line = strings.TrimSuffix(strings.TrimSpace(line), ":")
	return strings.TrimSuffix(line, "; to add it")
}
