package main

import (
	"bytes"
	"fmt"
	"go/format"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// -fix and -diff are computed from the suggested fixes in go vet's -json
// output rather than by go vet's own -fix: the go command caches vet
// results by their flags, so a plain run, -json, -fix and -diff then share
// one analysis, and a second mode after the first costs no analysis.

// edit replaces the bytes [start, end) of a file with new.
type edit struct {
	start, end int
	new        string
}

// fixedFiles applies the first suggested fix of every finding and returns
// the new contents of the files that change, by file name. A fix reported
// twice (a package and its test variant) is applied once; a fix that
// overlaps one already taken is left out whole, and counted in skipped.
// A file that was gofmt-formatted is formatted again after its edits.
func fixedFiles(fs []finding) (files map[string][]byte, skipped int, err error) {
	taken := map[string][]edit{} // by file
	seen := map[string]bool{}
	for _, f := range fs {
		if len(f.Diag.SuggestedFixes) == 0 {
			continue
		}
		fix := f.Diag.SuggestedFixes[0]
		var key strings.Builder
		byFile := map[string][]edit{}
		for _, e := range fix.Edits {
			fmt.Fprintf(&key, "%s:%d:%d:%q;", e.Filename, e.Start, e.End, e.New)
			byFile[e.Filename] = append(byFile[e.Filename], edit{e.Start, e.End, e.New})
		}
		if seen[key.String()] {
			continue
		}
		seen[key.String()] = true
		if conflicts(taken, byFile) {
			skipped++
			continue
		}
		for file, es := range byFile {
			taken[file] = append(taken[file], es...)
		}
	}
	files = map[string][]byte{}
	for file, es := range taken {
		src, err := os.ReadFile(file)
		if err != nil {
			return nil, 0, err
		}
		out, err := apply(src, es)
		if err != nil {
			return nil, 0, fmt.Errorf("%s: %w", file, err)
		}
		if formatted, ferr := format.Source(src); ferr == nil && bytes.Equal(formatted, src) {
			if f, ferr := format.Source(out); ferr == nil {
				out = f
			}
		}
		if !bytes.Equal(out, src) {
			files[file] = out
		}
	}
	return files, skipped, nil
}

// conflicts reports whether an edit of fix overlaps an edit taken before
// (the same edit twice is no conflict: two fixes may add one import).
func conflicts(taken, fix map[string][]edit) bool {
	for file, es := range fix {
		for _, e := range es {
			for _, t := range taken[file] {
				if e == t {
					continue
				}
				if e.start < t.end && t.start < e.end || e.start == t.start && e.end == t.end {
					return true
				}
				bothInsert := e.start == e.end && t.start == t.end
				if bothInsert && e.start == t.start {
					return true // two insertions at one place: order unknown
				}
			}
		}
	}
	return false
}

// apply applies non-overlapping edits to src.
func apply(src []byte, es []edit) ([]byte, error) {
	es = slices.Clone(es)
	// By position; an insertion before a replacement that starts at the
	// same place (an import added where another is removed).
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].start != es[j].start {
			return es[i].start < es[j].start
		}
		return es[i].end-es[i].start < es[j].end-es[j].start
	})
	var out bytes.Buffer
	last := 0
	for i, e := range es {
		if i > 0 && e == es[i-1] {
			continue
		}
		if e.start < last || e.end < e.start || e.end > len(src) {
			return nil, fmt.Errorf("edit [%d,%d) out of range or overlapping", e.start, e.end)
		}
		out.Write(src[last:e.start])
		out.WriteString(e.new)
		last = e.end
	}
	out.Write(src[last:])
	return out.Bytes(), nil
}

// writeFixes writes the fixed files.
func writeFixes(files map[string][]byte) error {
	for _, file := range sortedKeys(files) {
		info, err := os.Stat(file)
		if err != nil {
			return err
		}
		if err := os.WriteFile(file, files[file], info.Mode().Perm()); err != nil {
			return err
		}
	}
	return nil
}

// printDiffs prints a unified diff of each fixed file against the file on
// disk, with paths relative to base, and returns how many it printed.
func printDiffs(w io.Writer, files map[string][]byte, base string) (int, error) {
	n := 0
	for _, file := range sortedKeys(files) {
		old, err := os.ReadFile(file)
		if err != nil {
			return n, err
		}
		name := file
		if r, err := filepath.Rel(base, file); err == nil && !strings.HasPrefix(r, "..") {
			name = r
		}
		if d := unified(name, string(old), string(files[file])); d != "" {
			if _, err := io.WriteString(w, d); err != nil {
				return n, err
			}
			n++
		}
	}
	return n, nil
}

func sortedKeys(m map[string][]byte) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// unified returns the unified diff (3 lines of context) of before and
// after, "" if they are equal.
func unified(name, before, after string) string {
	a, b := splitLines(before), splitLines(after)
	ops := lineDiff(a, b)
	const ctx = 3
	var out strings.Builder
	// Hunks: runs of changes with up to 2*ctx equal lines between them.
	i := 0
	for i < len(ops) {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(i-ctx, 0)
		end := i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*ctx {
				end = min(end+ctx, len(ops))
				break
			}
			end = run
		}
		if out.Len() == 0 {
			fmt.Fprintf(&out, "--- %s (old)\n+++ %s (new)\n", name, name)
		}
		aStart, bStart := ops[start].a, ops[start].b
		var aLen, bLen int
		var body strings.Builder
		for _, op := range ops[start:end] {
			switch op.kind {
			case ' ':
				aLen++
				bLen++
				body.WriteString(" " + a[op.a])
			case '-':
				aLen++
				body.WriteString("-" + a[op.a])
			case '+':
				bLen++
				body.WriteString("+" + b[op.b])
			}
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n%s", hunkRange(aStart, aLen), hunkRange(bStart, bLen), body.String())
		i = end
	}
	return out.String()
}

func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	if n == 1 {
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

// splitLines splits s into lines that keep their newline; a last line
// without one gets it, with the marker diff prints for it.
func splitLines(s string) []string {
	var lines []string
	for len(s) > 0 {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			lines = append(lines, s+"\n\\ No newline at end of file\n")
			break
		}
		lines = append(lines, s[:i+1])
		s = s[i+1:]
	}
	return lines
}

// op is one line of a diff: kept (' '), removed ('-') or added ('+'),
// with its index in the old (a) and new (b) lines; for an added line a is
// the index of the old line it comes before, and conversely.
type op struct {
	kind byte
	a, b int
}

// lineDiff returns a shortest edit script from a to b (Myers' algorithm),
// after taking off the common prefix and suffix.
func lineDiff(a, b []string) []op {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var ops []op
	for k := 0; k < pre; k++ {
		ops = append(ops, op{' ', k, k})
	}
	ops = append(ops, myers(a[pre:len(a)-suf], b[pre:len(b)-suf], pre)...)
	for k := 0; k < suf; k++ {
		ops = append(ops, op{' ', len(a) - suf + k, len(b) - suf + k})
	}
	return ops
}

func myers(a, b []string, off int) []op {
	n, m := len(a), len(b)
	maxD := n + m
	v := make([]int, 2*maxD+2)
	var trace [][]int
	for d := 0; d <= maxD; d++ {
		trace = append(trace, slices.Clone(v))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && v[maxD+k-1] < v[maxD+k+1] {
				x = v[maxD+k+1]
			} else {
				x = v[maxD+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			v[maxD+k] = x
			if x >= n && y >= m {
				return backtrack(trace, a, b, maxD, d, off)
			}
		}
	}
	return nil
}

func backtrack(trace [][]int, a, b []string, maxD, d, off int) []op {
	x, y := len(a), len(b)
	var rev []op
	for ; d > 0; d-- {
		v := trace[d]
		k := x - y
		var prevK int
		if k == -d || k != d && v[maxD+k-1] < v[maxD+k+1] {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevX := v[maxD+prevK]
		prevY := prevX - prevK
		for x > prevX && y > prevY {
			x--
			y--
			rev = append(rev, op{' ', off + x, off + y})
		}
		if x == prevX {
			y--
			rev = append(rev, op{'+', off + x, off + y})
		} else {
			x--
			rev = append(rev, op{'-', off + x, off + y})
		}
	}
	for x > 0 && y > 0 {
		x--
		y--
		rev = append(rev, op{' ', off + x, off + y})
	}
	slices.Reverse(rev)
	return rev
}
