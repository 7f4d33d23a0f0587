package knowledge

import "go/types"

// noReturn are the functions that end the process or the goroutine:
// no control flow continues after a call of one (SSA is built with them
// instead of ctrlflow's facts, which would make go vet run every SSA
// analyzer on every dependency package).
//
// The rows of zap, logrus (but its Fatal family), klog v1 and syscall are x/tools' ctrlflow's
// (knownIntrinsic in golang.org/x/tools/go/analysis/passes/ctrlflow,
// v0.52.0), which follows staticcheck's go/ir/exits.go: their no-return
// status is beyond an analysis of their bodies.
var noReturn = []struct {
	pkg    string
	method bool   // a method of one of the package's types (t.Fatal)
	recv   string // with method: the receiver's type name; "" for any
	names  []string
}{
	{"os", false, "", []string{"Exit"}},
	{"syscall", false, "", []string{"Exit", "ExitProcess", "ExitThread"}},
	{"runtime", false, "", []string{"Goexit"}},
	{"log", false, "", []string{"Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln"}},
	{"k8s.io/klog", false, "", []string{"Fatal", "Fatalf", "Fatalln", "FatalDepth", "Exit", "Exitf", "Exitln", "ExitDepth"}},
	{"k8s.io/klog/v2", false, "", []string{"Fatal", "Fatalf", "Fatalln", "FatalDepth", "Exit", "Exitf", "Exitln", "ExitDepth"}},
	{"go.uber.org/zap", true, "Logger", []string{"Fatal", "Panic"}},
	{"go.uber.org/zap", true, "SugaredLogger", []string{"Fatal", "Fatalw", "Fatalf", "Panic", "Panicw", "Panicf"}},
	{"github.com/sirupsen/logrus", true, "Logger", []string{"Exit", "Panic", "Panicf", "Panicln"}},
	{"github.com/sirupsen/logrus", true, "Entry", []string{"Panicf", "Panicln"}},
	// Not x/tools': logrus's Fatal family logs, then calls Logger.Exit(1)
	// (a row above) unconditionally (logrus v1.9.4 entry.go:339-342,
	// 384-386, 429-431; logger.go:189-191, 247-249, 286-288, 333-335; the
	// package functions call the standard logger's): openshift/hive's
	// log.WithError(err).Fatal ends the process, it does not only log.
	{"github.com/sirupsen/logrus", false, "", []string{"Fatal", "Fatalf", "Fatalln", "FatalFn"}},
	{"github.com/sirupsen/logrus", true, "Logger", []string{"Fatal", "Fatalf", "Fatalln", "FatalFn"}},
	{"github.com/sirupsen/logrus", true, "Entry", []string{"Fatal", "Fatalf", "Fatalln"}},
	{"testing", true, "", []string{"FailNow", "Fatal", "Fatalf", "SkipNow", "Skip", "Skipf"}},
}

// NoReturnRow is one row of NoReturn's table.
type NoReturnRow struct {
	Pkg    string
	Method bool
	Recv   string
	Name   string
}

// NoReturnRows returns NoReturn's table.
func NoReturnRows() []NoReturnRow {
	var out []NoReturnRow
	for _, r := range noReturn {
		for _, n := range r.names {
			out = append(out, NoReturnRow{r.pkg, r.method, r.recv, n})
		}
	}
	return out
}

// NoReturn reports whether fn ends the process or the goroutine: os.Exit,
// log.Fatal, klog's Fatal and Exit functions, zap's and logrus' Fatal and
// Panic methods, testing's t.Fatal and t.Skip.
func NoReturn(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	recv := fn.Signature().Recv()
	method := recv != nil
	for _, r := range noReturn {
		if r.pkg != fn.Pkg().Path() || r.method != method {
			continue
		}
		if r.recv != "" && recvName(recv.Type()) != r.recv {
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

// recvName returns the name of a receiver's named type, through a pointer.
func recvName(t types.Type) string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}
