// Package baseline records the findings a code base already has, so that a
// team adopting reconcilecheck in CI is shown only the findings its
// changes add.
//
// A finding matches an entry by check, file (relative to the repository
// root, slash-separated) and message, with the line numbers inside the
// message blanked: an edit above a finding moves it without making it new.
// Entries are counted, so a second finding of the same text in the same
// file is new.
package baseline

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/reconcilecheck/reconcilecheck/internal/vetjson"
)

// Entry is a recorded finding and how many times it occurred.
type Entry struct {
	Check   string `json:"check"`
	File    string `json:"file"`
	Message string `json:"message"`
	Count   int    `json:"count,omitempty"`
}

// file is the baseline file's format.
type file struct {
	Tool     string  `json:"tool"`
	Version  int     `json:"version"`
	Findings []Entry `json:"findings"`
}

const formatVersion = 1

// lineRE finds the line numbers a message may cite: "line 52", "lines
// 40-41", "file.go:52" or "file.go:52:3".
var lineRE = regexp.MustCompile(`\b(lines? )\d+(-\d+)?|(\.go):\d+(:\d+)?`)

// Normalize blanks the line numbers inside a message.
func Normalize(msg string) string {
	return lineRE.ReplaceAllStringFunc(msg, func(m string) string {
		if strings.HasPrefix(m, ".go") {
			return ".go:N"
		}
		word, _, _ := strings.Cut(m, " ")
		return word + " N"
	})
}

// RelFile returns posn's file relative to root, slash-separated, when it
// lies under root; otherwise the file as it is.
func RelFile(root, posn string) string {
	name, _, _ := vetjson.SplitPosn(posn)
	if r, err := filepath.Rel(root, name); err == nil && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(name)
}

type key struct{ check, file, message string }

func keyOf(root string, f vetjson.Finding) key {
	return key{f.Check, RelFile(root, f.Diag.Posn), Normalize(f.Diag.Message)}
}

// Of returns the entries of the findings (errors of a check on a package
// are not findings and are left out), in a stable order.
func Of(fs []vetjson.Finding, root string) []Entry {
	count := map[key]int{}
	for _, f := range fs {
		if f.Err == "" {
			count[keyOf(root, f)]++
		}
	}
	out := make([]Entry, 0, len(count))
	for k, n := range count {
		out = append(out, Entry{Check: k.check, File: k.file, Message: k.message, Count: n})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Check != b.Check {
			return a.Check < b.Check
		}
		return a.Message < b.Message
	})
	return out
}

// Write writes the findings to path as a baseline.
func Write(path string, fs []vetjson.Finding, root string) (int, error) {
	es := Of(fs, root)
	data, err := json.MarshalIndent(file{Tool: "reconcilecheck", Version: formatVersion, Findings: es}, "", "  ")
	if err != nil {
		return 0, err
	}
	if err := os.WriteFile(path, append(data, '\n'), 0o666); err != nil {
		return 0, fmt.Errorf("writing the baseline: %w", err)
	}
	n := 0
	for _, e := range es {
		n += e.Count
	}
	return n, nil
}

// Set is a baseline being matched against a run's findings.
type Set struct {
	root  string
	left  map[key]int
	order []key
}

// Read reads a baseline written by Write, or the output of
// "reconcilecheck -json" (go vet's JSON), whose files are made relative
// to root.
func Read(path, root string) (*Set, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading the baseline: %w", err)
	}
	s := &Set{root: root, left: map[key]int{}}
	add := func(k key, n int) {
		if _, ok := s.left[k]; !ok {
			s.order = append(s.order, k)
		}
		s.left[k] += n
	}
	var f file
	if err := json.Unmarshal(data, &f); err == nil && f.Tool == "reconcilecheck" {
		if f.Version != formatVersion {
			return nil, fmt.Errorf("baseline %s: format version %d, want %d (write it again with -baseline-write)", path, f.Version, formatVersion)
		}
		for _, e := range f.Findings {
			add(key{e.Check, e.File, Normalize(e.Message)}, max(e.Count, 1))
		}
		return s, nil
	}
	// go vet itself writes "# pkg" lines between its JSON objects.
	var js []byte
	for _, l := range bytes.SplitAfter(data, []byte("\n")) {
		if !bytes.HasPrefix(l, []byte("#")) {
			js = append(js, l...)
		}
	}
	data = bytes.TrimSpace(js)
	fs, err := vetjson.Parse(data)
	if err != nil || (len(fs) == 0 && len(data) > 0 && !bytes.Equal(data, []byte("{}"))) {
		return nil, fmt.Errorf("baseline %s is neither a file of -baseline-write nor the output of -json", path)
	}
	for _, f := range fs {
		if f.Err == "" {
			add(keyOf(root, f), 1)
		}
	}
	return s, nil
}

// New returns the findings the baseline does not hold, each entry
// matching as many findings as it counts.
func (s *Set) New(fs []vetjson.Finding) []vetjson.Finding {
	var out []vetjson.Finding
	for _, f := range fs {
		if f.Err != "" {
			out = append(out, f) // an error is never baselined
			continue
		}
		k := keyOf(s.root, f)
		if s.left[k] > 0 {
			s.left[k]--
			continue
		}
		out = append(out, f)
	}
	return out
}

// Stale returns the entries no finding matched: findings since fixed (or
// moved to another file, or reworded by a newer reconcilecheck).
func (s *Set) Stale() []Entry {
	var out []Entry
	for _, k := range s.order {
		if n := s.left[k]; n > 0 {
			out = append(out, Entry{Check: k.check, File: k.file, Message: k.message, Count: n})
		}
	}
	return out
}
