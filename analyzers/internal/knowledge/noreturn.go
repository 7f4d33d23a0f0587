package knowledge

import "go/types"

// noReturn are the functions that end the process or the goroutine:
// no control flow continues after a call of one (SSA is built with them
// instead of ctrlflow's facts, which would make go vet run every SSA
// analyzer on every dependency package).
var noReturn = []struct {
	pkg    string
	method bool // a method of one of the package's types (t.Fatal)
	names  []string
}{
	{"os", false, []string{"Exit"}},
	{"runtime", false, []string{"Goexit"}},
	{"log", false, []string{"Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln"}},
	{"k8s.io/klog/v2", false, []string{"Fatal", "Fatalf", "Fatalln", "FatalDepth", "Exit", "Exitf", "Exitln", "ExitDepth"}},
	{"testing", true, []string{"FailNow", "Fatal", "Fatalf", "SkipNow", "Skip", "Skipf"}},
}

// NoReturnRow is one row of NoReturn's table.
type NoReturnRow struct {
	Pkg    string
	Method bool
	Name   string
}

// NoReturnRows returns NoReturn's table.
func NoReturnRows() []NoReturnRow {
	var out []NoReturnRow
	for _, r := range noReturn {
		for _, n := range r.names {
			out = append(out, NoReturnRow{r.pkg, r.method, n})
		}
	}
	return out
}

// NoReturn reports whether fn ends the process or the goroutine: os.Exit,
// log.Fatal, klog's Fatal and Exit functions, testing's t.Fatal and
// t.Skip.
func NoReturn(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	method := fn.Signature().Recv() != nil
	for _, r := range noReturn {
		if r.pkg != fn.Pkg().Path() || r.method != method {
			continue
		}
		for _, n := range r.names {
			if n == fn.Name() {
				return true
			}
		}
	}
	return false
}
