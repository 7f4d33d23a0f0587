package plural

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Resource is the plural resource name controller-gen gives kind when no
// +kubebuilder:resource:path marker names one.
func Resource(kind string) string {
	return strings.ToLower(Pluralize(kind))
}

// rule is one of flect's suffix rules: the first whose suffix ends the
// last word applies.
type rule struct {
	suffix string
	repl   string
	keep   bool // the suffix is already plural: the word is kept as is
}

var tables struct {
	once           sync.Once
	singleToPlural map[string]string
	pluralToSingle map[string]string
	rules          []rule
}

// build makes flect's tables in the order flect's init leaves them: each
// InsertPluralRule puts its two rules (the plural suffix kept, the
// singular suffix replaced) in front of those before it, the suffix list
// inserted from its end and the dictionary after it.
func build() {
	t := &tables
	t.singleToPlural = make(map[string]string, len(dictionary))
	t.pluralToSingle = make(map[string]string, len(dictionary))
	for _, wd := range dictionary {
		if wd.uncountable && wd.plural == "" {
			wd.plural = wd.singular
		}
		t.singleToPlural[wd.singular] = wd.plural
		if !wd.unidirectional {
			t.pluralToSingle[wd.plural] = wd.singular
			if wd.alternative != "" {
				t.pluralToSingle[wd.alternative] = wd.singular
			}
		}
	}
	for i := len(dictionary) - 1; i >= 0; i-- {
		wd := dictionary[i]
		if wd.exact {
			continue
		}
		if wd.uncountable && wd.plural == "" {
			wd.plural = wd.singular
		}
		t.rules = append(t.rules, rule{suffix: wd.plural, keep: true}, rule{suffix: wd.singular, repl: wd.plural})
	}
	for _, s := range singularToPluralSuffixList {
		t.rules = append(t.rules, rule{suffix: s.plural, keep: true}, rule{suffix: s.singular, repl: s.plural})
	}
}

// Pluralize is flect.Pluralize: the last word of s made plural.
func Pluralize(s string) string {
	tables.once.Do(build)
	parts := toParts(s)
	if len(parts) == 0 {
		return ""
	}
	last := parts[len(parts)-1]
	replaceSuffix := func(orig, repl string) string { return strings.TrimSuffix(s, orig) + repl }

	if p, ok := tables.singleToPlural[s]; ok {
		return replaceSuffix(s, p)
	}
	if _, ok := tables.pluralToSingle[s]; ok {
		return s
	}
	ls := strings.ToLower(last)
	if _, ok := tables.pluralToSingle[ls]; ok {
		return s
	}
	if p, ok := tables.singleToPlural[ls]; ok {
		if last == capitalize(last) {
			p = capitalize(p)
		}
		return replaceSuffix(last, p)
	}
	for _, r := range tables.rules {
		if strings.HasSuffix(last, r.suffix) {
			if r.keep {
				return replaceSuffix(last, last)
			}
			return replaceSuffix(last, last[:len(last)-len(r.suffix)]+r.repl)
		}
	}
	if strings.HasSuffix(ls, "s") {
		return s
	}
	return s + "s"
}

// capitalize is flect.Capitalize: the first letter in title case.
func capitalize(s string) string {
	if len(toParts(s)) == 0 {
		return ""
	}
	runes := []rune(s)
	runes[0] = unicode.ToTitle(runes[0])
	return string(runes)
}

// toParts is flect's split of a name into words: at spaces and
// punctuation flect treats as spaces, before an upper-case letter that
// follows a lower-case one or ends an acronym.
func toParts(s string) []string {
	parts := []string{}
	s = strings.TrimSpace(s)
	if len(s) == 0 {
		return parts
	}
	if _, ok := baseAcronyms[strings.ToUpper(s)]; ok {
		return []string{strings.ToUpper(s)}
	}
	var prev rune
	var x strings.Builder
	x.Grow(len(s))
	for _, c := range s {
		if !utf8.ValidRune(c) {
			continue
		}
		if isSpace(c) {
			parts = xappend(parts, x.String())
			x.Reset()
			x.WriteRune(c)
			prev = c
			continue
		}
		if unicode.IsUpper(c) && !unicode.IsUpper(prev) {
			parts = xappend(parts, x.String())
			x.Reset()
			x.WriteRune(c)
			prev = c
			continue
		}
		if unicode.IsUpper(c) && baseAcronyms[strings.ToUpper(x.String())] {
			parts = xappend(parts, x.String())
			x.Reset()
			x.WriteRune(c)
			prev = c
			continue
		}
		if unicode.IsLetter(c) || unicode.IsDigit(c) || unicode.IsPunct(c) || c == '`' {
			prev = c
			x.WriteRune(c)
			continue
		}
		parts = xappend(parts, x.String())
		x.Reset()
		prev = c
	}
	return xappend(parts, x.String())
}

var spaces = []rune{'_', ' ', ':', '-', '/'}

func isSpace(c rune) bool {
	for _, r := range spaces {
		if r == c {
			return true
		}
	}
	return unicode.IsSpace(c)
}

// xappend appends the words given, trimmed, acronyms in upper case.
func xappend(a []string, ss ...string) []string {
	for _, s := range ss {
		s = strings.TrimSpace(s)
		for _, x := range spaces {
			s = strings.Trim(s, string(x))
		}
		if _, ok := baseAcronyms[strings.ToUpper(s)]; ok {
			s = strings.ToUpper(s)
		}
		if s != "" {
			a = append(a, s)
		}
	}
	return a
}
