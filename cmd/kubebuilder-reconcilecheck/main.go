// Command kubebuilder-reconcilecheck is a kubebuilder external plugin
// that adds reconcilecheck to a kubebuilder v4 project's lint: the plugin
// entry in .custom-gcl.yml (from which "make lint" builds golangci-lint)
// and one linter per check in .golangci.yml (the entries of
// "reconcilecheck -golangci-config"). Install it where kubebuilder looks
// for external plugins, then run it on a project:
//
//	dir=${XDG_CONFIG_HOME:-$HOME/.config}/kubebuilder/plugins/reconcilecheck/v1-alpha
//	GOBIN=$dir go install github.com/reconcilecheck/reconcilecheck/cmd/kubebuilder-reconcilecheck@latest
//	mv $dir/kubebuilder-reconcilecheck $dir/reconcilecheck
//	kubebuilder edit --plugins=reconcilecheck/v1-alpha
//
// Running it again changes nothing; checks added by a newer reconcilecheck
// are added, those already configured are left as they are.
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"

	"github.com/reconcilecheck/reconcilecheck/plugin/golangciconf"
)

// request and response are kubebuilder's external plugin protocol
// (sigs.k8s.io/kubebuilder/v4/pkg/plugin/external, API version v1alpha1):
// a JSON request on stdin, a JSON response on stdout. The universe maps
// the project's file paths to their contents.
type request struct {
	APIVersion string            `json:"apiVersion"`
	Args       []string          `json:"args"`
	Command    string            `json:"command"`
	Universe   map[string]string `json:"universe"`
}

type response struct {
	APIVersion string            `json:"apiVersion"`
	Command    string            `json:"command"`
	Metadata   metadata          `json:"metadata"`
	Universe   map[string]string `json:"universe"`
	Error      bool              `json:"error,omitempty"`
	ErrorMsgs  []string          `json:"errorMsgs,omitempty"`
	Flags      []struct{}        `json:"flags,omitempty"`
}

type metadata struct {
	Description string
	Examples    string
}

// defaultGolangciVersion is the golangci-lint a new .custom-gcl.yml builds
// when the Makefile does not name one.
const defaultGolangciVersion = "v2.15.0"

var makefileVersionRE = regexp.MustCompile(`(?m)^GOLANGCI_LINT_VERSION \?= *(v[0-9.]+)`)

func main() {
	data, err := io.ReadAll(os.Stdin)
	var req request
	if err == nil {
		err = json.Unmarshal(data, &req)
	}
	res := response{APIVersion: "v1alpha1", Command: req.Command, Universe: map[string]string{}}
	if err != nil {
		res.Error, res.ErrorMsgs = true, []string{fmt.Sprintf("reconcilecheck plugin: reading the request: %v", err)}
	} else if err := handle(req, &res); err != nil {
		res.Error, res.ErrorMsgs = true, []string{"reconcilecheck plugin: " + err.Error()}
	}
	if err := json.NewEncoder(os.Stdout).Encode(res); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func handle(req request, res *response) error {
	switch req.Command {
	case "flags":
		return nil // none
	case "metadata":
		res.Metadata = metadata{
			Description: "Adds reconcilecheck to the project's lint: the plugin in .custom-gcl.yml and one golangci-lint linter per check in .golangci.yml, so that 'make lint' runs it.",
			Examples:    "  kubebuilder edit --plugins=reconcilecheck/v1-alpha",
		}
		return nil
	case "init", "edit":
		return edit(req.Universe, res.Universe)
	default:
		return nil // create api/webhook: nothing to change
	}
}

// edit writes into out the files of universe it changes.
func edit(universe, out map[string]string) error {
	version := defaultGolangciVersion
	if m := makefileVersionRE.FindStringSubmatch(universe["Makefile"]); m != nil {
		version = m[1]
	}
	gcl, changed, err := golangciconf.MergeCustomGCL(universe[".custom-gcl.yml"], version)
	if err != nil {
		return err
	}
	if changed {
		out[".custom-gcl.yml"] = gcl
	}
	conf, changed, err := golangciconf.Merge(universe[".golangci.yml"])
	if err != nil {
		return err
	}
	if changed {
		out[".golangci.yml"] = conf
	}
	return nil
}
