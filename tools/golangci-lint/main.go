// Command golangci-lint is golangci-lint v2 with the reconcilecheck module
// plugin compiled in. It is what "golangci-lint custom" would build from a
// .custom-gcl.yml, without its git clone: the golangci-lint module comes
// from the Go module proxy like any dependency, so the build works offline
// once "go mod download" has run.
//
// Build it from this directory:
//
//	go build -o ../../bin/golangci-lint-reconcilecheck .
//
// This is a module of its own so that golangci-lint's dependency versions
// do not leak into reconcilecheck's go.mod.
package main

import (
	"fmt"
	"os"
	"runtime/debug"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	_ "github.com/reconcilecheck/reconcilecheck/plugin"
)

// golangciVersion is the golangci-lint release this build pins (go.mod).
const golangciVersion = "2.15.0"

func main() {
	info := commands.BuildInfo{
		Version: golangciVersion + "+reconcilecheck",
		Commit:  "(custom build)",
		Date:    "(unknown)",
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		info.GoVersion = bi.GoVersion
	}
	if err := commands.Execute(info); err != nil {
		fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}
