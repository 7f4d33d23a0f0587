// Command profile runs every reconcilecheck analyzer in one process on the
// packages of a project and writes a CPU profile of the analysis (loading
// and type-checking excluded), to find what the checks themselves cost.
//
//	cd /path/to/operator
//	go run github.com/reconcilecheck/reconcilecheck/hack/profile -cpuprofile /tmp/rc.pprof ./...
//	go tool pprof -top -cum /tmp/rc.pprof
//
// Unlike the go vet driver it analyses dependencies from source too, so
// its totals are not those of hack/bench.sh; its profile is what matters.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
	"time"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
)

func main() {
	prof := flag.String("cpuprofile", "", "write the analysis' CPU profile to `file`")
	flag.Parse()
	if err := run(*prof, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "profile:", err)
		os.Exit(1)
	}
}

func run(prof string, patterns []string) error {
	cfg := &packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Tests: true}
	t0 := time.Now()
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return err
	}
	if packages.PrintErrors(pkgs) > 0 {
		return fmt.Errorf("packages with errors")
	}
	fmt.Fprintf(os.Stderr, "load: %v, %d packages\n", time.Since(t0).Round(time.Millisecond), len(pkgs))
	if prof != "" {
		f, err := os.Create(prof)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	t1 := time.Now()
	if _, err := checker.Analyze(registry.Analyzers(), pkgs, nil); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "analysis: %v\n", time.Since(t1).Round(time.Millisecond))
	return nil
}
