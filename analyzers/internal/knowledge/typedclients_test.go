package knowledge_test

import (
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestTypedClientCall looks the table up on client-go's real typed
// clients: each verb of NodeInterface and DeploymentInterface (the
// interfaces the clientset's accessors return) is found with the object
// type Get returns; Patch, the clientset itself and a method the client
// adds by hand (GetLogs) are not.
func TestTypedClientCall(t *testing.T) {
	byPath := loadTypes(t, "k8s.io/client-go/kubernetes/typed/core/v1", "k8s.io/client-go/kubernetes/typed/apps/v1", "k8s.io/client-go/kubernetes")
	lookup := func(path, name string) types.Type {
		obj := byPath[path].Scope().Lookup(name)
		if obj == nil {
			t.Fatalf("%s.%s not found", path, name)
		}
		return obj.Type()
	}
	node := lookup("k8s.io/client-go/kubernetes/typed/core/v1", "NodeInterface")
	pods := lookup("k8s.io/client-go/kubernetes/typed/core/v1", "PodInterface")
	deps := lookup("k8s.io/client-go/kubernetes/typed/apps/v1", "DeploymentInterface")
	for _, tc := range []struct {
		recv      types.Type
		method    string
		verb, sub string
		obj       string
		ok        bool
	}{
		{node, "List", "list", "", "*k8s.io/api/core/v1.Node", true},
		{node, "Get", "get", "", "*k8s.io/api/core/v1.Node", true},
		{node, "UpdateStatus", "update", "status", "*k8s.io/api/core/v1.Node", true},
		{node, "DeleteCollection", "deletecollection", "", "*k8s.io/api/core/v1.Node", true},
		{node, "ApplyStatus", "patch", "status", "*k8s.io/api/core/v1.Node", true},
		{deps, "Create", "create", "", "*k8s.io/api/apps/v1.Deployment", true},
		{deps, "Watch", "watch", "", "*k8s.io/api/apps/v1.Deployment", true},
		{node, "Patch", "", "", "", false},
		{pods, "GetLogs", "", "", "", false},
		{lookup("k8s.io/client-go/kubernetes", "Interface"), "List", "", "", "", false},
	} {
		v, obj, ok := knowledge.TypedClientCall(tc.recv, tc.method)
		if ok != tc.ok || ok && (v.Verb != tc.verb || v.Sub != tc.sub || obj.String() != tc.obj) {
			t.Errorf("TypedClientCall(%s, %s) = %+v, %v, %v; want %s/%s on %s, %v", tc.recv, tc.method, v, obj, ok, tc.verb, tc.sub, tc.obj, tc.ok)
		}
	}
}

// TestConfigSource looks every row of the config table up in the real
// packages: it names a function (or a variable holding one) that returns
// a *rest.Config, and ConfigSource finds it.
func TestConfigSource(t *testing.T) {
	byPath := loadTypes(t, "sigs.k8s.io/controller-runtime/pkg/client/config", "sigs.k8s.io/controller-runtime", "k8s.io/client-go/rest")
	for _, name := range []string{"GetConfig", "GetConfigOrDie", "GetConfigWithContext"} {
		obj := byPath["sigs.k8s.io/controller-runtime/pkg/client/config"].Scope().Lookup(name)
		if knowledge.ConfigSource(obj) != knowledge.ManagersConfig || !returnsConfig(obj.Type()) {
			t.Errorf("config.%s: not the manager's config, or returns no *rest.Config", name)
		}
	}
	for _, name := range []string{"GetConfig", "GetConfigOrDie"} {
		obj := byPath["sigs.k8s.io/controller-runtime"].Scope().Lookup(name)
		if _, ok := obj.(*types.Var); !ok || knowledge.ConfigSource(obj) != knowledge.ManagersConfig || !returnsConfig(obj.Type()) {
			t.Errorf("ctrl.%s: not a variable holding the manager's config", name)
		}
	}
	rest := byPath["k8s.io/client-go/rest"].Scope()
	if obj := rest.Lookup("InClusterConfig"); knowledge.ConfigSource(obj) != knowledge.ManagersConfig || !returnsConfig(obj.Type()) {
		t.Error("rest.InClusterConfig: not the manager's config")
	}
	if obj := rest.Lookup("CopyConfig"); knowledge.ConfigSource(obj) != knowledge.ConfigCopy || !returnsConfig(obj.Type()) {
		t.Error("rest.CopyConfig: not a copy")
	}
	if knowledge.ConfigSource(rest.Lookup("AnonymousClientConfig")) != knowledge.NotConfig {
		t.Error("rest.AnonymousClientConfig drops the credentials: not the manager's")
	}
}

func returnsConfig(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Results().Len() == 0 {
		return false
	}
	p, ok := sig.Results().At(0).Type().(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Name() == "Config" && n.Obj().Pkg().Path() == "k8s.io/client-go/rest"
}

// TestBuiltinGroups checks each row of the group table against the
// GroupName constant of the real package k8s.io/api/<dir>/v1 (or the
// first version the module has), and that every directory of k8s.io/api
// with such a constant is a row.
func TestBuiltinGroups(t *testing.T) {
	dir := moduleDir(t, "k8s.io/api")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() || e.Name() == "testdata" {
			continue
		}
		vers, _ := os.ReadDir(filepath.Join(dir, e.Name()))
		want, found := "", false
		for _, v := range vers {
			src, err := os.ReadFile(filepath.Join(dir, e.Name(), v.Name(), "register.go"))
			if err != nil {
				continue
			}
			if m := regexp.MustCompile(`const GroupName = "([^"]*)"`).FindSubmatch(src); m != nil {
				want, found = string(m[1]), true
				break
			}
		}
		if !found {
			continue
		}
		got, ok := knowledge.BuiltinGroup("k8s.io/api/" + e.Name() + "/v1")
		if !ok || got != want {
			t.Errorf("BuiltinGroup(k8s.io/api/%s/v1) = %q, %v; register.go says %q", e.Name(), got, ok, want)
		}
	}
	if _, ok := knowledge.BuiltinGroup("k8s.io/api/apps"); ok {
		t.Error("BuiltinGroup of a path without a version")
	}
}

// moduleDir returns the directory of module path in the module cache.
func moduleDir(t *testing.T, path string) string {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", path).Output()
	if err != nil {
		t.Fatalf("go list -m %s: %v", path, err)
	}
	return strings.TrimSpace(string(out))
}
