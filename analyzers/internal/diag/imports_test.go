package diag

import (
	"bytes"
	"flag"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/imports"
	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the want.go sections of testdata/addimport")

// TestAddImport applies addImport to each testdata/addimport/*.txtar
// archive: "in.go" is the source, "add" the import path to add, "module"
// (default example.com/op) the module path, and "want.go" the expected
// result. When the source is formatted as gofmt and goimports -local
// <module> want, the result must be too.
func TestAddImport(t *testing.T) {
	files, err := filepath.Glob("testdata/addimport/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/addimport archives: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			sections := map[string]string{"module": "example.com/op"}
			for _, f := range ar.Files {
				sections[f.Name] = string(f.Data)
			}
			src, path, module := sections["in.go"], strings.TrimSpace(sections["add"]), strings.TrimSpace(sections["module"])

			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "in.go", src, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			got := apply(t, fset, src, addImport(fset, f, "", path, module))
			if _, err := parser.ParseFile(token.NewFileSet(), "out.go", got, parser.ParseComments); err != nil {
				t.Fatalf("the result does not parse: %v\n%s", err, got)
			}
			if clean(t, src, module) && !clean(t, got, module) {
				fmted, _ := goimports(t, got, module)
				t.Errorf("the result is not gofmt/goimports -local %s clean:\n%s\ngoimports would write:\n%s", module, got, fmted)
			}

			if *update {
				var kept []txtar.File
				for _, f := range ar.Files {
					if f.Name != "want.go" {
						kept = append(kept, f)
					}
				}
				kept = append(kept, txtar.File{Name: "want.go", Data: []byte(got)})
				ar.Files = kept
				if err := os.WriteFile(file, txtar.Format(ar), 0o666); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, ok := sections["want.go"]
			if !ok {
				t.Fatalf("no want.go section (run with -update):\n%s", got)
			}
			if got != want {
				t.Errorf("adding %q:\ngot:\n%s\nwant:\n%s", path, got, want)
			}
		})
	}
}

func apply(t *testing.T, fset *token.FileSet, src string, e analysis.TextEdit) string {
	t.Helper()
	tf := fset.File(e.Pos)
	start, end := tf.Offset(e.Pos), tf.Offset(e.End)
	return src[:start] + string(e.NewText) + src[end:]
}

// goimports formats src as goimports -local module does, without adding
// or removing imports.
func goimports(t *testing.T, src, module string) (string, error) {
	t.Helper()
	old := imports.LocalPrefix
	imports.LocalPrefix = module
	defer func() { imports.LocalPrefix = old }()
	out, err := imports.Process("in.go", []byte(src), &imports.Options{FormatOnly: true, Comments: true, TabIndent: true, TabWidth: 8})
	return string(out), err
}

// clean reports whether src is left alone by gofmt and goimports -local.
func clean(t *testing.T, src, module string) bool {
	t.Helper()
	fmted, err := format.Source([]byte(src))
	if err != nil || !bytes.Equal(fmted, []byte(src)) {
		return false
	}
	out, err := goimports(t, src, module)
	return err == nil && out == src
}

// The module path comes from go.mod when the driver does not say.
func TestModuleLine(t *testing.T) {
	for in, want := range map[string]string{
		"module example.com/op\n\ngo 1.26\n":    "example.com/op",
		"// c\nmodule \"example.com/q\" // x\n": "example.com/q",
		"modules x\n":                           "",
		"go 1.26\n":                             "",
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(in), 0o666); err != nil {
			t.Fatal(err)
		}
		if got := moduleOf(dir); got != want {
			t.Errorf("moduleOf(go.mod %q) = %q, want %q", in, got, want)
		}
	}
	dir := t.TempDir()
	sub := filepath.Join(dir, "a", "b")
	if err := os.MkdirAll(sub, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/top\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	if got := moduleOf(sub); got != "example.com/top" {
		t.Errorf("moduleOf(%s) = %q, want example.com/top", sub, got)
	}
}
