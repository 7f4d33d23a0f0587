package probes

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fakeclient"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// FakeClient reports, at each Update (main or status writer), what the
// fakeclient index says of its client and object type.
var FakeClient = &analysis.Analyzer{
	Name:     "fakeprobe",
	Doc:      "reports what fakeclient says at each Update",
	Requires: []*analysis.Analyzer{ssapkg.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		funcs := ssapkg.Of(pass).SrcFuncs()
		ix := fakeclient.New(funcs)
		for _, fn := range funcs {
			for call := range ssaflow.Calls(fn) {
				c, args, ok := crapi.ClientCallSSA(call.Common())
				if !ok || c.Method != crapi.Update || len(args) < 2 {
					continue
				}
				has, known := ix.StatusSubresource(fakeclient.WriterClient(call.Common()), ssaflow.Strip(args[1]).Type())
				msg := "not a fake client"
				if known {
					msg = fmt.Sprintf("fake, status subresource %v", has)
				}
				pass.Reportf(call.Pos(), "%s", msg)
			}
		}
		return nil, nil
	},
}
