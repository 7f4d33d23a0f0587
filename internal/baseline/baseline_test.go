package baseline_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/internal/baseline"
	"github.com/reconcilecheck/reconcilecheck/internal/vetjson"
)

func TestNormalize(t *testing.T) {
	for in, want := range map[string]string{
		"the deletion branch at line 52 never runs":          "the deletion branch at line N never runs",
		"lines 40-41 write it; see foo.go:12 and bar.go:7:3": "lines N write it; see foo.go:N and bar.go:N",
		"a List of 3 kinds":                                  "a List of 3 kinds",
		"online 5":                                           "online 5",
	} {
		if got := baseline.Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

func finding(check, posn, msg string) vetjson.Finding {
	return vetjson.Finding{Pkg: "p", Check: check, Diag: vetjson.Diagnostic{Posn: posn, Message: msg}}
}

// Moved lines still match; a second finding of the same text is new; an
// entry no finding matches is stale; errors are never baselined.
func TestWriteRead(t *testing.T) {
	root := t.TempDir()
	old := []vetjson.Finding{
		finding("notfounderr", root+"/a/r.go:10:2", "returns the NotFound error (line 8)"),
		finding("droppederr", root+"/a/r.go:20:2", "logged only"),
		finding("droppederr", root+"/a/s.go:5:2", "logged only"),
		{Pkg: "p", Check: "lostctx", Err: "analysis failed"},
	}
	path := filepath.Join(root, "baseline.json")
	n, err := baseline.Write(path, old, root)
	if err != nil || n != 3 {
		t.Fatalf("Write: %d, %v; want 3 findings", n, err)
	}
	data, _ := os.ReadFile(path)
	if strings.Contains(string(data), root) || !strings.Contains(string(data), `"file": "a/r.go"`) {
		t.Errorf("baseline files are not relative to the root:\n%s", data)
	}
	set, err := baseline.Read(path, root)
	if err != nil {
		t.Fatal(err)
	}
	now := []vetjson.Finding{
		finding("notfounderr", root+"/a/r.go:12:2", "returns the NotFound error (line 10)"), // moved
		finding("droppederr", root+"/a/r.go:22:2", "logged only"),                           // moved
		finding("droppederr", root+"/a/r.go:40:2", "logged only"),                           // a second one: new
		{Pkg: "p", Check: "lostctx", Err: "analysis failed"},
	}
	got := set.New(now)
	if len(got) != 2 || got[0].Diag.Posn != root+"/a/r.go:40:2" || got[1].Err == "" {
		t.Errorf("New = %+v, want the second droppederr of r.go and the error", got)
	}
	stale := set.Stale()
	if len(stale) != 1 || stale[0].File != "a/s.go" || stale[0].Check != "droppederr" || stale[0].Count != 1 {
		t.Errorf("Stale = %+v, want s.go's droppederr", stale)
	}
}

// The output of -json is a baseline too.
func TestReadJSON(t *testing.T) {
	root := t.TempDir()
	path := filepath.Join(root, "out.json")
	fs := []vetjson.Finding{finding("notfounderr", filepath.Join(root, "r.go")+":10:2", "returns the NotFound error")}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	// go vet prints "# pkg" lines before its JSON objects.
	if _, err := f.WriteString("# p\n"); err != nil {
		t.Fatal(err)
	}
	if err := vetjson.Write(f, fs); err != nil {
		t.Fatal(err)
	}
	f.Close()
	set, err := baseline.Read(path, root)
	if err != nil {
		t.Fatal(err)
	}
	moved := []vetjson.Finding{finding("notfounderr", filepath.Join(root, "r.go")+":11:2", "returns the NotFound error")}
	if got := set.New(moved); len(got) != 0 {
		t.Errorf("New = %+v, want nothing new", got)
	}
}

func TestReadBad(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.json")
	for content, want := range map[string]string{
		"not json":                              "neither a file of -baseline-write nor the output of -json",
		`{"tool":"reconcilecheck","version":9}`: "format version 9",
	} {
		if err := os.WriteFile(path, []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
		if _, err := baseline.Read(path, "/"); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Read(%q) = %v, want an error containing %q", content, err, want)
		}
	}
	if _, err := baseline.Read(filepath.Join(t.TempDir(), "none.json"), "/"); err == nil {
		t.Error("Read of a missing file succeeded")
	}
}
