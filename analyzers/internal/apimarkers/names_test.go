package apimarkers_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/apimarkers"
)

// TestWebhookNames: the plural, "*" and the status subresource's forms
// name the kind; another subresource, another group or version does not.
func TestWebhookNames(t *testing.T) {
	w := func(groups, versions, resources []string) apimarkers.Webhook {
		return apimarkers.Webhook{Groups: groups, Versions: versions, Resources: resources}
	}
	g, v := []string{"korifi.cloudfoundry.org"}, []string{"v1alpha1"}
	for _, c := range []struct {
		hook apimarkers.Webhook
		want bool
	}{
		{w(g, v, []string{"cftasks"}), true},
		{w(g, v, []string{"cftasks/status"}), true},
		{w(g, v, []string{"cftasks/*"}), true},
		{w(g, v, []string{"*/status"}), true},
		{w([]string{"*"}, []string{"*"}, []string{"*"}), true},
		{w(g, v, []string{"cftasks/scale"}), false},
		{w(g, v, []string{"cfapps"}), false},
		{w([]string{"korifi.io"}, v, []string{"cftasks"}), false},
		{w(g, []string{"v1"}, []string{"cftasks"}), false},
	} {
		if got := c.hook.Names("korifi.cloudfoundry.org", "v1alpha1", "cftasks"); got != c.want {
			t.Errorf("%v.Names(cftasks) = %v, want %v", c.hook.Resources, got, c.want)
		}
	}
}
