package plural

import (
	"strings"
	"testing"

	"github.com/gobuffalo/flect"
	"k8s.io/client-go/kubernetes/scheme"
)

// TestSameAsFlect compares Pluralize with flect's, which controller-gen
// uses, on every word of the tables (as is, capitalized, ending a camel-
// case kind), every acronym, every kind of client-go's scheme and odd
// inputs.
func TestSameAsFlect(t *testing.T) {
	var words []string
	add := func(ws ...string) {
		for _, w := range ws {
			if w == "" {
				continue
			}
			cw := capitalize(w)
			words = append(words, w, cw, strings.ToUpper(w), "Cluster"+cw, "my"+cw, "x"+w, "Foo_"+w, cw+"Config")
		}
	}
	for _, wd := range dictionary {
		add(wd.singular, wd.plural, wd.alternative)
	}
	for _, s := range singularToPluralSuffixList {
		add(s.singular, s.plural)
	}
	for a := range baseAcronyms {
		add(a, strings.ToLower(a))
	}
	for gvk := range scheme.Scheme.AllKnownTypes() {
		words = append(words, gvk.Kind, strings.ToLower(gvk.Kind))
	}
	words = append(words, "", " ", "s", "S", "_", "Ünit", "ÆonFlux", "IDs", "HTTPRoute",
		"APIService", "DNSRecord", "IPAddressPool", "MachineHealthCheck", "Postgres",
		"Redis", "Proxy", "Ingress", "Status", "Chassis", "Memcached", "CronJob",
		"KafkaTopic", "KeycloakRealmRole", "Person", "Leaf", "Datum", "a b", "v1beta1")
	if len(words) < 3000 {
		t.Fatalf("only %d words to compare: the corpus is broken", len(words))
	}
	for _, w := range words {
		if got, want := Pluralize(w), flect.Pluralize(w); got != want {
			t.Errorf("Pluralize(%q) = %q, flect says %q", w, got, want)
		}
		if got, want := Resource(w), strings.ToLower(flect.Pluralize(w)); got != want {
			t.Errorf("Resource(%q) = %q, controller-gen says %q", w, got, want)
		}
		if got, want := capitalize(w), flect.Capitalize(w); got != want {
			t.Errorf("capitalize(%q) = %q, flect says %q", w, got, want)
		}
	}
}

func TestResource(t *testing.T) {
	for kind, want := range map[string]string{
		"Guestbook":         "guestbooks",
		"Memcached":         "memcacheds",
		"Policy":            "policies",
		"Ingress":           "ingresses",
		"NetworkPolicy":     "networkpolicies",
		"Proxy":             "proxies",
		"Endpoints":         "endpoints",
		"ClusterClass":      "clusterclasses",
		"KeycloakRealmRole": "keycloakrealmroles",
	} {
		if got := Resource(kind); got != want {
			t.Errorf("Resource(%q) = %q, want %q", kind, got, want)
		}
	}
}
