// Command newcheck scaffolds a new check of the suite (see
// docs/adding-a-check.md):
//
//	go run ./hack/newcheck [-summary "report ..."] NAME
//
// It writes analyzers/NAME (NAME.go: an Analyzer whose rule reports
// nothing yet; doc.go, whose "# Analyzer NAME" section is its Doc;
// NAME_test.go; the fixtures testdata/src/NAME/bad.go and good.go) and the
// page docs/checks/NAME.md, adds the check to the registry (catalogue item
// "-" until it has one), to README.md's and docs/README.md's tables and to
// docs/internals.md's table of the layers each check imports, then runs
// itself again with -golangci, built with the new registry, to rewrite
// docs/golangci.yml and merge the check's linter into
// testdata/example/.golangci.yml. Every test that holds each check to its
// page, rows and entries then passes, and so does the fixture test: no
// want comment, no finding.
//
// The text it writes marks what is left to write with "TODO(NAME)".
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/reconcilecheck/reconcilecheck/plugin/golangciconf"
)

func main() {
	summary := flag.String("summary", "", `the check's one-line summary, as "report ...", without a final period (default: a TODO)`)
	golangci := flag.Bool("golangci", false, "only rewrite docs/golangci.yml and merge testdata/example/.golangci.yml from the registry (the scaffold's last step)")
	dir := flag.String("C", "", "the root of the reconcilecheck repository (default: the one holding the working directory)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: go run ./hack/newcheck [-summary text] [-C dir] NAME\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	root := *dir
	if root == "" {
		var err error
		if root, err = repoRoot(); err != nil {
			fail(err)
		}
	}
	if *golangci {
		if flag.NArg() != 0 {
			flag.Usage()
			os.Exit(2)
		}
		if err := syncGolangci(root); err != nil {
			fail(err)
		}
		return
	}
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	name := flag.Arg(0)
	paths, err := scaffold(root, name, *summary)
	if err != nil {
		fail(err)
	}
	// The registry now lists the check: a binary built from it writes its
	// golangci-lint entries.
	cmd := exec.Command("go", "run", "./hack/newcheck", "-golangci")
	cmd.Dir = root
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		fail(fmt.Errorf("writing the golangci-lint entries (go run ./hack/newcheck -golangci): %w", err))
	}
	paths = append(paths, golangciDocs, golangciExample)
	fmt.Printf("check %s scaffolded; written:\n", name)
	for _, p := range paths {
		fmt.Printf("\t%s\n", p)
	}
	fmt.Printf("next: the rule, its fixtures and page (grep -rn 'TODO(%s)' .); see docs/adding-a-check.md\n", name)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "newcheck:", err)
	os.Exit(1)
}

// repoRoot returns the directory of this repository's go.mod, above the
// working directory.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && bytes.Contains(data, []byte("module "+modulePath+"\n")) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no reconcilecheck go.mod above the working directory (use -C)")
		}
		dir = parent
	}
}

const modulePath = "github.com/reconcilecheck/reconcilecheck"

const (
	registryFile    = "analyzers/registry/registry.go"
	readmeFile      = "README.md"
	docsIndexFile   = "docs/README.md"
	internalsFile   = "docs/internals.md"
	golangciDocs    = "docs/golangci.yml"
	golangciExample = "testdata/example/.golangci.yml"
)

// validName is what a check's name may be: its package name, its flags'
// prefix (-NAME.enable) and a golangci-lint linter name.
var validName = regexp.MustCompile(`^[a-z][a-z0-9]*$`)

// scaffold writes the check's files and adds it to the registry and the
// tables, under root, and returns the paths written. It checks everything
// before writing anything.
func scaffold(root, name, summary string) ([]string, error) {
	if !validName.MatchString(name) {
		return nil, fmt.Errorf("check name %q: lower-case letters and digits, starting with a letter", name)
	}
	if name == "internal" || name == "registry" {
		return nil, fmt.Errorf("check name %q is taken by analyzers/%s", name, name)
	}
	if summary == "" {
		summary = "report TODO(" + name + "): what the check finds, in one line"
	}
	if strings.ContainsAny(summary, "\n\r") || strings.HasSuffix(summary, ".") {
		return nil, fmt.Errorf("the summary is one line without a final period: %q", summary)
	}
	files := map[string]string{}
	for path, text := range templates {
		files[strings.ReplaceAll(path, "NAME", name)] = expand(text, name, summary)
	}
	for path := range files {
		if _, err := os.Stat(filepath.Join(root, path)); err == nil {
			return nil, fmt.Errorf("%s exists already", path)
		}
	}
	if _, err := os.Stat(filepath.Join(root, "analyzers", name)); err == nil {
		return nil, fmt.Errorf("analyzers/%s exists already", name)
	}

	layers, err := layersOf(files["analyzers/"+name+"/"+name+".go"])
	if err != nil {
		return nil, err
	}
	edits := map[string]func([]byte) ([]byte, error){
		registryFile:  func(src []byte) ([]byte, error) { return addToRegistry(src, name) },
		internalsFile: func(src []byte) ([]byte, error) { return addToLayerTable(src, name, layers) },
		readmeFile: func(src []byte) ([]byte, error) {
			return insertRow(src, "| [directive](docs/checks/directive.md) |", expand(readmeRow, name, summary))
		},
		docsIndexFile: func(src []byte) ([]byte, error) {
			return insertRow(src, "| `directive` |", expand(docsIndexRow, name, summary))
		},
	}
	edited := map[string][]byte{}
	for path, edit := range edits {
		src, err := os.ReadFile(filepath.Join(root, path))
		if err != nil {
			return nil, err
		}
		out, err := edit(src)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		edited[path] = out
	}

	var written []string
	for _, path := range slices.Sorted(maps.Keys(files)) {
		full := filepath.Join(root, path)
		if err := os.MkdirAll(filepath.Dir(full), 0o777); err != nil {
			return written, err
		}
		if err := os.WriteFile(full, []byte(files[path]), 0o666); err != nil {
			return written, err
		}
		written = append(written, path)
	}
	for _, path := range slices.Sorted(maps.Keys(edited)) {
		if old, _ := os.ReadFile(filepath.Join(root, path)); bytes.Equal(old, edited[path]) {
			continue
		}
		if err := os.WriteFile(filepath.Join(root, path), edited[path], 0o666); err != nil {
			return written, err
		}
		written = append(written, path)
	}
	return written, nil
}

// expand fills a template: NAME the check's name, TestNAME its test's
// name, SUMMARY its summary.
func expand(text, name, summary string) string {
	text = strings.ReplaceAll(text, "TestNAME", "Test"+strings.ToUpper(name[:1])+name[1:])
	text = strings.ReplaceAll(text, "SUMMARY", summary)
	return strings.ReplaceAll(text, "NAME", name)
}

// addToRegistry adds the check's import to registry.go's import block
// (gofmt sorts it into place) and its entry at the end of the catalogue
// list, before the directive check is appended.
func addToRegistry(src []byte, name string) ([]byte, error) {
	imp := "\t\"" + modulePath + "/analyzers/" + name + "\"\n"
	if bytes.Contains(src, []byte(imp)) {
		return nil, fmt.Errorf("the registry imports analyzers/%s already", name)
	}
	start := bytes.Index(src, []byte("\nimport (\n"))
	if start < 0 {
		return nil, errors.New("no import block")
	}
	end := bytes.Index(src[start:], []byte("\n)\n"))
	if end < 0 {
		return nil, errors.New("no end to the import block")
	}
	src = insertAt(src, start+end+1, imp)

	list := bytes.Index(src, []byte("\n\tcs := []Check{\n"))
	if list < 0 {
		return nil, errors.New("no catalogue list (cs := []Check{)")
	}
	end = bytes.Index(src[list:], []byte("\n\t}\n"))
	if end < 0 {
		return nil, errors.New("no end to the catalogue list")
	}
	entry := "\t\t{Analyzer: " + name + ".Analyzer, Catalogue: \"-\"}, // TODO(" + name + "): its catalogue item, and its place in catalogue order\n"
	src = insertAt(src, list+end+1, entry)
	return format.Source(src)
}

func insertAt(src []byte, at int, text string) []byte {
	out := make([]byte, 0, len(src)+len(text))
	out = append(out, src[:at]...)
	out = append(out, text...)
	return append(out, src[at:]...)
}

// insertRow inserts row as a line before the line that starts with
// before (the directive check's row, the last of each table).
func insertRow(src []byte, before, row string) ([]byte, error) {
	at := bytes.Index(src, []byte("\n"+before))
	if at < 0 {
		return nil, fmt.Errorf("no line starting %q", before)
	}
	return insertAt(src, at+1, row+"\n"), nil
}

// syncGolangci rewrites docs/golangci.yml from the registry and merges
// the checks it lacks into the example's .golangci.yml.
func syncGolangci(root string) error {
	if err := os.WriteFile(filepath.Join(root, golangciDocs), []byte(golangciconf.Generate()), 0o666); err != nil {
		return err
	}
	path := filepath.Join(root, golangciExample)
	text, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	merged, changed, err := golangciconf.Merge(string(text))
	if err != nil || !changed {
		return err
	}
	return os.WriteFile(path, []byte(merged), 0o666)
}

// layersOf returns the layers (analyzers/internal/<layer>) the Go source
// src imports.
func layersOf(src string) ([]string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "check.go", src, parser.ImportsOnly)
	if err != nil {
		return nil, err
	}
	var layers []string
	for _, imp := range f.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			return nil, err
		}
		if layer, ok := strings.CutPrefix(path, modulePath+"/analyzers/internal/"); ok {
			layers = append(layers, layer)
		}
	}
	return layers, nil
}

// addToLayerTable adds the check to docs/internals.md's table of the
// checks that import each layer ("## Who uses which layer", whose rows
// are "| `layer` | check, check |", "every check" or "every check but
// check, check"): to the list of each layer it imports, and to the
// exceptions of each "every check" layer it does not. Without that
// section, the text is left as it is.
func addToLayerTable(src []byte, name string, layers []string) ([]byte, error) {
	const heading = "\n## Who uses which layer\n"
	start := bytes.Index(src, []byte(heading))
	if start < 0 {
		return src, nil
	}
	start += len(heading)
	end := len(src)
	if i := bytes.Index(src[start:], []byte("\n## ")); i >= 0 {
		end = start + i + 1
	}
	lines := strings.SplitAfter(string(src[start:end]), "\n")
	const every, but = "every check", "every check but "
	last := map[string]int{} // layer -> its last row
	for i, line := range lines {
		if layer, _, ok := cutRow(line); ok {
			last[layer] = i
		}
	}
	for i, line := range lines {
		layer, list, ok := cutRow(line)
		if !ok {
			continue
		}
		imported := slices.Contains(layers, layer)
		switch {
		case list == every && !imported:
			list = but + name
		case strings.HasPrefix(list, but) && !imported:
			list = but + addName(strings.TrimPrefix(list, but), name)
		case list != every && !strings.HasPrefix(list, but) && imported && last[layer] == i:
			list = addName(list, name)
		default:
			continue
		}
		lines[i] = "| `" + layer + "` | " + list + " |\n"
	}
	for _, layer := range layers {
		if _, ok := last[layer]; ok {
			continue
		}
		// A layer no check imported yet: its row, in the table's order.
		row := "| `" + layer + "` | " + name + " |\n"
		at := -1
		for i, line := range lines {
			if l, _, ok := cutRow(line); ok {
				if l > layer {
					at = i
					break
				}
				at = i + 1
			}
		}
		if at < 0 {
			return nil, errors.New("the table of ## Who uses which layer has no rows")
		}
		lines = slices.Insert(lines, at, row)
		last[layer] = at
	}
	out := append([]byte(nil), src[:start]...)
	out = append(out, strings.Join(lines, "")...)
	return append(out, src[end:]...), nil
}

// cutRow splits a row "| `layer` | list |" of the layer table.
func cutRow(line string) (layer, list string, ok bool) {
	rest, ok := strings.CutPrefix(strings.TrimSuffix(line, "\n"), "| `")
	if !ok {
		return "", "", false
	}
	layer, list, ok = strings.Cut(rest, "` | ")
	list, ok2 := strings.CutSuffix(list, " |")
	return layer, list, ok && ok2
}

// addName adds name to the comma-separated list of names, in order.
func addName(list, name string) string {
	names := strings.Split(list, ", ")
	if list == "" {
		names = nil
	}
	i, _ := slices.BinarySearch(names, name)
	return strings.Join(slices.Insert(names, i, name), ", ")
}
