package exampletest

import (
	"bytes"
	"go/format"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/imports"
)

// ModulePath returns the module path declared in dir/go.mod.
func ModulePath(t *testing.T, dir string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	path := modfile.ModulePath(data)
	if path == "" {
		t.Fatalf("no module line in %s/go.mod", dir)
	}
	return path
}

// Unformatted returns the .go files under dir (relative to it) that
// "gofmt -l" or "goimports -l -local <module of dir>" would list: those
// whose formatting, or the order and grouping of whose imports (standard
// library, third party, the module's own), differ from what the tools
// write. goimports is run as a package, with FormatOnly: it neither adds
// nor removes imports, as on a file that compiles it would not either.
func Unformatted(t *testing.T, dir string) []string {
	t.Helper()
	local := ModulePath(t, dir)
	var bad []string
	err := walkGo(dir, func(path, rel string, src []byte) {
		fmted, err := format.Source(src)
		if err != nil || !bytes.Equal(fmted, src) {
			bad = append(bad, rel+" (gofmt)")
			return
		}
		if out, err := goimports(path, src, local); err != nil || !bytes.Equal(out, src) {
			bad = append(bad, rel+" (goimports -local "+local+")")
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return bad
}

func goimports(path string, src []byte, local string) ([]byte, error) {
	old := imports.LocalPrefix
	imports.LocalPrefix = local
	defer func() { imports.LocalPrefix = old }()
	return imports.Process(path, src, &imports.Options{FormatOnly: true, Comments: true, TabIndent: true, TabWidth: 8})
}
