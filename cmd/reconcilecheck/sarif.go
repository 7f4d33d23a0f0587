package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
	"github.com/reconcilecheck/reconcilecheck/internal/suppressed"
)

// The few SARIF 2.1.0 types reconcilecheck writes
// (https://docs.oasis-open.org/sarif/sarif/v2.1.0/).

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                   `json:"tool"`
	OriginalURIBaseIDs map[string]sarifArtifactLoc `json:"originalUriBaseIds,omitempty"`
	ColumnKind         string                      `json:"columnKind"`
	Invocations        []sarifInvocation           `json:"invocations"`
	Results            []sarifResult               `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string             `json:"id"`
	ShortDescription     sarifMultiMessage  `json:"shortDescription"`
	FullDescription      sarifMultiMessage  `json:"fullDescription"`
	HelpURI              string             `json:"helpUri"`
	DefaultConfiguration sarifConfiguration `json:"defaultConfiguration"`
}

type sarifMultiMessage struct {
	Text string `json:"text"`
}

type sarifConfiguration struct {
	Level string `json:"level"`
}

type sarifInvocation struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level   string            `json:"level"`
	Message sarifMultiMessage `json:"message"`
}

type sarifResult struct {
	RuleID           string            `json:"ruleId"`
	RuleIndex        int               `json:"ruleIndex"`
	Level            string            `json:"level"`
	Message          sarifMultiMessage `json:"message"`
	Locations        []sarifLocation   `json:"locations"`
	RelatedLocations []sarifLocation   `json:"relatedLocations,omitempty"`
	Fixes            []sarifFix        `json:"fixes,omitempty"`
	// Suppressions is absent when the state is not told (the log of
	// -sarif-suppressed=false: "unknown" in SARIF's terms), empty for a
	// result that is not suppressed, one entry for one a directive
	// silences.
	Suppressions []sarifSuppression `json:"suppressions,omitzero"`
}

// sarifSuppression is a //reconcilecheck:ignore directive silencing a
// result: kind inSource, the directive's reason as its justification.
type sarifSuppression struct {
	Kind          string `json:"kind"`
	Justification string `json:"justification,omitempty"`
}

type sarifLocation struct {
	ID               *int                  `json:"id,omitempty"`
	PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
	Message          *sarifMultiMessage    `json:"message,omitempty"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifactLoc `json:"artifactLocation"`
	Region           sarifRegion      `json:"region"`
}

type sarifArtifactLoc struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

// sarifRegion is a text region; columns count Unicode code points, from 1
// (the run's columnKind), and the end column is one past the region.
type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

type sarifFix struct {
	Description     sarifMultiMessage     `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifactLoc   `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifRegion        `json:"deletedRegion"`
	InsertedContent *sarifMultiMessage `json:"insertedContent,omitempty"`
}

const srcRoot = "%SRCROOT%"

// writeSARIF writes the findings to file as a SARIF 2.1.0 log with one
// rule per check. File names are relative to the root of the repository
// that holds base (the nearest directory above with .git), else to base:
// code scanning resolves them against the repository's root.
//
// silenced are the findings //reconcilecheck:ignore directives silence:
// with suppressions, each is a result with a suppression whose
// justification is the directive's reason, so that a reviewer sees what
// was set aside and why, and a consumer that reads suppressions does not
// count it as open; every other result says it is not suppressed.
// Without (-sarif-suppressed=false), the log is as it was before: no
// silenced finding, and no result tells its suppression state.
func writeSARIF(file string, fs, silenced []finding, suppressions bool, base string) error {
	root := repoRoot(base)
	s := &sarifWriter{root: root, files: map[string][]byte{}}
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name:           "reconcilecheck",
			Version:        version(),
			InformationURI: "https://github.com/reconcilecheck/reconcilecheck",
		}},
		OriginalURIBaseIDs: map[string]sarifArtifactLoc{
			srcRoot: {URI: (&url.URL{Scheme: "file", Path: filepath.ToSlash(root) + "/"}).String()},
		},
		ColumnKind:  "unicodeCodePoints",
		Invocations: []sarifInvocation{{ExecutionSuccessful: true}},
		Results:     []sarifResult{},
	}
	index := map[string]int{}
	// A result has its check's level (registry.Level: error or warning),
	// which code scanning shows as the alert's severity.
	level := map[string]string{}
	for _, c := range registry.Checks() {
		a := c.Analyzer
		index[a.Name] = len(run.Tool.Driver.Rules)
		level[a.Name] = string(c.Level)
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRule{
			ID:                   a.Name,
			ShortDescription:     sarifMultiMessage{summary(a)},
			FullDescription:      sarifMultiMessage{a.Doc},
			HelpURI:              a.URL,
			DefaultConfiguration: sarifConfiguration{string(c.Level)},
		})
	}
	if !suppressions {
		silenced = nil
	}
	for _, f := range slices.Concat(fs, silenced) {
		if f.Err != "" {
			inv := &run.Invocations[0]
			inv.ExecutionSuccessful = false
			inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, sarifNotification{
				Level:   "error",
				Message: sarifMultiMessage{fmt.Sprintf("%s: %s: %s", f.Pkg, f.Check, f.Err)},
			})
			continue
		}
		i, ok := index[f.Check]
		if !ok {
			return fmt.Errorf("writing SARIF: finding of unknown check %q", f.Check)
		}
		d := f.Diag
		res := sarifResult{
			RuleID:    f.Check,
			RuleIndex: i,
			Level:     level[f.Check],
			Message:   sarifMultiMessage{d.Message},
			Locations: []sarifLocation{s.location(d.Posn, d.End)},
		}
		for j, r := range d.Related {
			loc := s.location(r.Posn, r.End)
			id := j + 1
			loc.ID = &id
			loc.Message = &sarifMultiMessage{r.Message}
			res.RelatedLocations = append(res.RelatedLocations, loc)
		}
		for _, fix := range d.SuggestedFixes {
			sf := sarifFix{Description: sarifMultiMessage{fix.Message}}
			byFile := map[string]int{}
			for _, e := range fix.Edits {
				k, ok := byFile[e.Filename]
				if !ok {
					k = len(sf.ArtifactChanges)
					byFile[e.Filename] = k
					sf.ArtifactChanges = append(sf.ArtifactChanges, sarifArtifactChange{ArtifactLocation: s.artifact(e.Filename)})
				}
				rep := sarifReplacement{DeletedRegion: s.offsetRegion(e.Filename, e.Start, e.End)}
				if e.New != "" {
					rep.InsertedContent = &sarifMultiMessage{e.New}
				}
				sf.ArtifactChanges[k].Replacements = append(sf.ArtifactChanges[k].Replacements, rep)
			}
			res.Fixes = append(res.Fixes, sf)
		}
		if suppressions {
			res.Suppressions = []sarifSuppression{}
			if reason, ok := suppressed.Reason(d.Category); ok {
				res.Suppressions = append(res.Suppressions, sarifSuppression{Kind: "inSource", Justification: reason})
			}
		}
		run.Results = append(run.Results, res)
	}
	data, err := json.MarshalIndent(sarifLog{
		Schema:  "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json",
		Version: "2.1.0",
		Runs:    []sarifRun{run},
	}, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(file, append(data, '\n'), 0o666); err != nil {
		return fmt.Errorf("writing SARIF: %w", err)
	}
	return nil
}

// sarifWriter converts go vet's positions (byte columns and offsets) to
// SARIF regions (code point columns), reading each file once.
type sarifWriter struct {
	root  string
	files map[string][]byte
}

func (s *sarifWriter) content(file string) []byte {
	data, ok := s.files[file]
	if !ok {
		data, _ = os.ReadFile(file)
		s.files[file] = data
	}
	return data
}

// artifact names file relative to the root, or by an absolute URI when it
// lies outside it.
func (s *sarifWriter) artifact(file string) sarifArtifactLoc {
	if rel, err := filepath.Rel(s.root, file); err == nil && !strings.HasPrefix(rel, "..") {
		return sarifArtifactLoc{URI: (&url.URL{Path: filepath.ToSlash(rel)}).String(), URIBaseID: srcRoot}
	}
	return sarifArtifactLoc{URI: (&url.URL{Scheme: "file", Path: filepath.ToSlash(file)}).String()}
}

// location converts go vet's "file:line:col" start and end.
func (s *sarifWriter) location(posn, end string) sarifLocation {
	file, line, col := splitPosn(posn)
	r := sarifRegion{StartLine: line, StartColumn: s.column(file, line, col)}
	if efile, eline, ecol := splitPosn(end); efile == file && eline > 0 {
		r.EndLine, r.EndColumn = eline, s.column(file, eline, ecol)
	}
	if r.StartLine < 1 {
		r = sarifRegion{StartLine: 1}
	}
	return sarifLocation{PhysicalLocation: sarifPhysicalLocation{ArtifactLocation: s.artifact(file), Region: r}}
}

// column converts a 1-based byte column of line to code points.
func (s *sarifWriter) column(file string, line, col int) int {
	if col < 1 {
		return 0
	}
	start := lineStart(s.content(file), line)
	data := s.content(file)
	if start < 0 || start+col-1 > len(data) {
		return col
	}
	return utf8.RuneCount(data[start:start+col-1]) + 1
}

// offsetRegion converts the byte offsets [start, end) of file.
func (s *sarifWriter) offsetRegion(file string, start, end int) sarifRegion {
	data := s.content(file)
	pos := func(off int) (int, int) {
		off = min(max(off, 0), len(data))
		line := 1 + bytes.Count(data[:off], []byte("\n"))
		ls := bytes.LastIndexByte(data[:off], '\n') + 1
		return line, utf8.RuneCount(data[ls:off]) + 1
	}
	var r sarifRegion
	r.StartLine, r.StartColumn = pos(start)
	r.EndLine, r.EndColumn = pos(end)
	return r
}

// lineStart returns the byte offset of 1-based line in data, or -1.
func lineStart(data []byte, line int) int {
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(data[off:], '\n')
		if i < 0 {
			return -1
		}
		off += i + 1
	}
	return off
}

// repoRoot returns the nearest directory at or above dir that holds .git,
// or dir.
func repoRoot(dir string) string {
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}

// version is the module version the binary was built from, if known.
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return ""
}
