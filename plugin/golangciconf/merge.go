package golangciconf

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"sigs.k8s.io/yaml"
)

// PluginModule and PluginImport are what a .custom-gcl.yml names to build
// golangci-lint with the reconcilecheck plugin.
const (
	PluginModule = "github.com/reconcilecheck/reconcilecheck"
	PluginImport = "github.com/reconcilecheck/reconcilecheck/plugin"
)

// CustomGCLEntry is the plugins entry of .custom-gcl.yml.
const CustomGCLEntry = `  - module: "` + PluginModule + `"
    import: "` + PluginImport + `"
    version: latest
`

// MergeCustomGCL returns the .custom-gcl.yml text with the reconcilecheck
// plugin added, and whether it changed. An empty text gets a file of its
// own, for golangci-lint version (kubebuilder's Makefile builds the custom
// binary only when the file exists).
func MergeCustomGCL(text, version string) (string, bool, error) {
	if strings.TrimSpace(text) == "" {
		return "# golangci-lint with module plugins: 'make lint' builds it (golangci-lint custom).\n" +
			"version: " + version + "\nplugins:\n" + CustomGCLEntry, true, nil
	}
	var c struct {
		Plugins []struct{ Module, Import, Path string }
	}
	if err := yaml.Unmarshal([]byte(text), &c); err != nil {
		return "", false, fmt.Errorf(".custom-gcl.yml: %w", err)
	}
	for _, p := range c.Plugins {
		if p.Module == PluginModule || p.Import == PluginImport {
			return text, false, nil
		}
	}
	lines := strings.SplitAfter(text, "\n")
	if !strings.HasSuffix(text, "\n") {
		lines[len(lines)-1] += "\n"
	}
	start, end := block(lines, "plugins:", 0)
	if start < 0 {
		return strings.Join(lines, "") + "plugins:\n" + CustomGCLEntry, true, nil
	}
	return insert(lines, end, CustomGCLEntry), true, nil
}

// Merge returns the .golangci.yml text with the generated per-check
// entries merged in, keeping the file's own lines and comments: the
// enabled checks after linters.enable's items, their entries first under
// linters.settings.custom, and severity and issues.uniq-by-line where the
// file has none. Checks that already have a custom entry are left as
// they are, so a second run changes nothing. It refuses a file that runs
// reconcilecheck as one linter, or whose severity section it would have
// to change.
func Merge(text string) (string, bool, error) {
	var c struct {
		Linters struct {
			Enable   []string
			Settings struct {
				Custom map[string]any
			}
		}
		Severity any
		Issues   map[string]any
	}
	if err := yaml.Unmarshal([]byte(text), &c); err != nil {
		return "", false, fmt.Errorf(".golangci.yml: %w", err)
	}
	if _, ok := c.Linters.Settings.Custom["reconcilecheck"]; ok {
		return "", false, fmt.Errorf(".golangci.yml runs reconcilecheck as one linter: remove its entry to use one linter per check")
	}
	gen := Generate()
	enable := section(gen, "  enable:\n", "  settings:\n")
	var add []string // the checks to add
	for _, l := range strings.Split(strings.TrimSuffix(enable, "\n"), "\n") {
		name := strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(l), "# "), "- ")
		// An off check's entry is there commented out.
		_, ok := c.Linters.Settings.Custom[name]
		if !ok && !regexp.MustCompile(`(?m)^ *# *`+name+`:\s*$`).MatchString(text) {
			add = append(add, name)
		}
	}
	if len(add) == 0 {
		return text, false, nil
	}
	for _, key := range []string{"linters", "enable", "settings", "custom"} {
		if flowRE(key).MatchString(text) {
			return "", false, fmt.Errorf(".golangci.yml writes %s: in flow style ({...} or [...]): merge the output of 'reconcilecheck -golangci-config' by hand", key)
		}
	}

	lines := strings.SplitAfter(text, "\n")
	if !strings.HasSuffix(text, "\n") {
		lines[len(lines)-1] += "\n"
	}
	ls, le := block(lines, "linters:", 0)
	if ls < 0 {
		lines = append(lines, "linters:\n")
		ls, le = len(lines)-1, len(lines)
	}

	// linters.settings.custom: the entries of the checks to add.
	var entries strings.Builder
	custom := section(gen, "    custom:\n", "severity:\n")
	for _, e := range splitEntries(custom) {
		if slices.Contains(add, e.name) {
			entries.WriteString(e.text)
		}
	}
	ss, se := block(lines[:le], "  settings:", ls+1)
	switch cs, _ := block(lines[:max(se, 0)], "    custom:", ss+1); {
	case ss < 0:
		lines = insert2(lines, le, "  settings:\n    custom:\n"+entries.String())
	case cs < 0:
		lines = insert2(lines, ss+1, "    custom:\n"+entries.String())
	default:
		lines = insert2(lines, cs+1, entries.String())
	}

	// linters.enable: the items of the checks to add, commented out as
	// in the generated text for checks off by default.
	ls, le = block(lines, "linters:", 0)
	var items strings.Builder
	for _, l := range strings.SplitAfter(enable, "\n") {
		name := strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(l), "# "), "- ")
		if l != "" && slices.Contains(add, name) {
			items.WriteString(l)
		}
	}
	if es, ee := block(lines[:le], "  enable:", ls+1); es < 0 {
		lines = insert2(lines, ls+1, "  enable:\n"+items.String())
	} else {
		lines = insert2(lines, ee, items.String())
	}

	out := strings.Join(lines, "")
	if c.Severity == nil {
		// A severity section of the file's own is left as it is.
		out += gen[strings.Index(gen, "\nseverity:\n")+1 : strings.Index(gen, "\nissues:\n")+1]
	}
	if _, ok := c.Issues["uniq-by-line"]; !ok {
		if is, _ := block(strings.SplitAfter(out, "\n"), "issues:", 0); is < 0 {
			out += "issues:\n" + section(gen, "issues:\n", "")
		} else {
			ol := strings.SplitAfter(out, "\n")
			out = insert(ol, is+1, section(gen, "issues:\n", ""))
		}
	}
	return out, true, nil
}

// block returns the lines [start, end) of the mapping key that starts a
// line with prefix at or after from (start is the key's line), or -1, -1.
// The block ends before the next line indented no deeper than the key
// (blank lines and comments inside it count as its own).
func block(lines []string, prefix string, from int) (int, int) {
	indent := len(prefix) - len(strings.TrimLeft(prefix, " "))
	for i := max(from, 0); i < len(lines); i++ {
		l := strings.TrimRight(lines[i], "\n")
		if !strings.HasPrefix(l, prefix) || (len(l) > len(prefix) && !strings.HasPrefix(l[len(prefix):], " ") && !strings.HasPrefix(l[len(prefix):], "#")) {
			if i > from && indentOf(l) < indent && strings.TrimSpace(l) != "" && !strings.HasPrefix(strings.TrimSpace(l), "#") {
				return -1, -1 // left the enclosing block
			}
			continue
		}
		end := i + 1
		for j := i + 1; j < len(lines); j++ {
			t := strings.TrimRight(lines[j], "\n")
			if strings.TrimSpace(t) == "" {
				continue
			}
			// A list item may sit at the key's own indentation.
			item := strings.HasPrefix(strings.TrimLeft(t, " "), "- ") && indentOf(t) == indent
			if indentOf(t) <= indent && !item {
				break
			}
			end = j + 1
		}
		return i, end
	}
	return -1, -1
}

func indentOf(l string) int { return len(l) - len(strings.TrimLeft(l, " ")) }

// insert returns lines with text inserted before line i.
func insert(lines []string, i int, text string) string {
	return strings.Join(insert2(lines, i, text), "")
}

func insert2(lines []string, i int, text string) []string {
	out := append([]string(nil), lines[:i]...)
	out = append(out, strings.SplitAfter(strings.TrimSuffix(text, "\n")+"\n", "\n")...)
	out = out[:len(out)-1] // SplitAfter's empty tail
	return append(out, lines[i:]...)
}

// section returns the text of gen between the line from and the line to
// ("" for its start or end).
func section(gen, from, to string) string {
	i := 0
	if from != "" {
		i = strings.Index(gen, "\n"+from) + 1 + len(from)
	}
	j := len(gen)
	if to != "" {
		j = strings.Index(gen[i:], "\n"+to) + i + 1
	}
	return gen[i:j]
}

// flowRE matches a key whose value is written on its own line.
func flowRE(key string) *regexp.Regexp {
	return regexp.MustCompile(`(?m)^ *` + key + `: *[\[{]`)
}

type entry struct{ name, text string }

var entryRE = regexp.MustCompile(`^      (?:# )?([a-z0-9]+):\n$`)

// splitEntries splits the generated custom section into its checks'
// entries (an off check's comment line goes with its entry).
func splitEntries(custom string) []entry {
	var out []entry
	var pending string
	for _, l := range strings.SplitAfter(custom, "\n") {
		if l == "" {
			continue
		}
		if m := entryRE.FindStringSubmatch(l); m != nil {
			out = append(out, entry{name: m[1], text: pending + l})
			pending = ""
			continue
		}
		if len(out) == 0 || strings.Contains(l, " is off by default: ") {
			pending += l
			continue
		}
		out[len(out)-1].text += l
	}
	return out
}
