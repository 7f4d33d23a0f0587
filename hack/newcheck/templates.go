package main

// The files of a new check, by path; expand fills NAME, TestNAME and
// SUMMARY.
var templates = map[string]string{
	"analyzers/NAME/NAME.go":                   analyzerFile,
	"analyzers/NAME/doc.go":                    docFile,
	"analyzers/NAME/NAME_test.go":              testFile,
	"analyzers/NAME/testdata/src/NAME/bad.go":  badFixture,
	"analyzers/NAME/testdata/src/NAME/good.go": goodFixture,
	"docs/checks/NAME.md":                      pageFile,
}

const analyzerFile = `package NAME

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer is the NAME check. The registry gives it its URL (its page),
// its enable flag and the //reconcilecheck:ignore directives.
var Analyzer = &analysis.Analyzer{
	Name:     "NAME",
	Doc:      checkdoc.MustExtract(doc, "NAME"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer},
	Run:      run,
}

// run is the check's rule: it looks at every instruction of the package's
// functions, outside test code, and reports those found to be the bug:
// none yet. Report through diag (generated files and directives), and
// ask the shared layers (analyzers/internal, see docs/internals.md) what
// they know rather than walking the code again.
func run(pass *analysis.Pass) (any, error) {
	for _, fn := range ssapkg.Of(pass).SrcFuncs() {
		if ssapkg.InTestCode(pass, fn.Pos()) {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if msg, ok := finding(instr); ok {
					diag.Report(pass, analysis.Diagnostic{Pos: instr.Pos(), Message: msg})
				}
			}
		}
	}
	return nil, nil
}

// finding returns the message of the finding at instr, if instr is the
// bug. TODO(NAME): the rule; the message says what goes wrong at run time
// and how to fix it.
func finding(instr ssa.Instruction) (string, bool) {
	return "", false
}
`

const docFile = `// Package NAME defines an Analyzer that reports TODO(NAME): the bug, in a
// sentence.
//
// # Analyzer NAME
//
// NAME: SUMMARY
//
// TODO(NAME): what the check reports, what goes wrong at run time, and
// how to fix it, in a paragraph: this section is the check's Doc, which
// "reconcilecheck help NAME" prints. Its first line, the summary, also
// opens docs/checks/NAME.md and is the linter's description.
package NAME
`

const testFile = `package NAME_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/NAME"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestNAME(t *testing.T) {
	fixturetest.Run(t, NAME.Analyzer)
}
`

const badFixture = `// Package NAME holds the fixtures of the NAME check: bad.go the code it
// reports, each finding marked by a want comment on its line matching its
// message (see docs/adding-a-check.md), good.go the twins it must leave
// alone.
package NAME

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// BadReconciler has the bug. TODO(NAME): write it, and mark each finding
// with its want comment.
type BadReconciler struct {
	client.Client
}

func (r *BadReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}
`

const goodFixture = `package NAME

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// GoodReconciler is BadReconciler's twin without the bug: the check must
// stay silent on it. TODO(NAME): one twin per finding of bad.go, as close
// to it as the fix allows.
type GoodReconciler struct {
	client.Client
}

func (r *GoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}
`

const pageFile = "# NAME\n\n> NAME: SUMMARY\n" + `
**Level:** error — the controller breaks at run time (see [Levels](../../README.md#levels)).

Catalogue item: none yet. TODO(NAME): its item (the registry's
` + "`Catalogue`" + `, "-" until then), and the bug in a sentence.

**On by default.**

## What it finds

TODO(NAME): the code it reports, with an example, and the shapes it
follows (helpers, other packages through facts).

## Why it matters at run time

TODO(NAME): what goes wrong in the cluster, and when.

## Example

Bad:

` + "```go" + `
// TODO(NAME)
` + "```" + `

Good:

` + "```go" + `
// TODO(NAME)
` + "```" + `

## How to fix

TODO(NAME): the fix, and the suggested fix if the check offers one.

## How to suppress

` + "`//reconcilecheck:ignore NAME <reason>`" + ` on the line of the finding
(or the line above).

## Flags

Only the common ` + "`-NAME.enable`" + ` (default true; ` + "`false`" + `, or
` + "`-NAME=false`" + `, turns the check off).

## Precision

Not measured yet. TODO(NAME): the projects run (see
[accuracy](../accuracy.md) and [projects](../projects.md)), each finding
judged.

## Not covered

TODO(NAME): what it deliberately leaves alone.
`

// The check's rows in README.md's and docs/README.md's tables of checks.
const (
	readmeRow    = "| [NAME](docs/checks/NAME.md) | - | TODO(NAME): what it finds and what goes wrong at run time. |"
	docsIndexRow = "| `NAME` | - | TODO(NAME): what it finds and what goes wrong at run time. | [NAME](checks/NAME.md) |"
)
