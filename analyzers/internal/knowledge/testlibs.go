package knowledge

import (
	"go/types"
	"strings"
)

// TestRole is what a call of a test library does in a test.
type TestRole uint8

const (
	// Asserts fails the test unless its value holds now (gomega's
	// Expect, testify's assert and require functions).
	Asserts TestRole = iota + 1
	// Polls waits, or runs its condition again until it holds (gomega's
	// Eventually and Consistently, testify's Eventually and Never,
	// time.Sleep); apimachinery's wait package is Waits.
	Polls
	// RunsNow runs the function it is given before it returns
	// (testing's Run, Ginkgo's By).
	RunsNow
	// FailsTest fails the test where it is called (t.Error, t.Fatal...).
	FailsTest
)

// TestRow is one function or method of a test library. A call takes the
// first row that matches it; a row without a role says the call is none
// of them (testify's New makes an Assertions value and asserts nothing).
type TestRow struct {
	Pkg string
	// Tree: the row holds in the packages under Pkg too (gomega's
	// Gomega interface in gomega/types and its implementation in
	// gomega/internal).
	Tree bool
	// Methods: only methods match (testing's T.Run, not testing.Main);
	// otherwise functions and methods both do.
	Methods bool
	// Name is the name, or a prefix followed by "*" ("*" alone: any).
	Name string
	Role TestRole
	// Value is, for Asserts, the index of the argument asserted; -1: every
	// argument may be (testify's Equal(t, want, got)).
	Value int
}

const (
	gomega  = "github.com/onsi/gomega"
	ginkgo  = "github.com/onsi/ginkgo/v2"
	testify = "github.com/stretchr/testify"
)

var testRows = []TestRow{
	{Pkg: gomega, Tree: true, Name: "Expect", Role: Asserts, Value: 0},
	{Pkg: gomega, Tree: true, Name: "Ω", Role: Asserts, Value: 0},
	{Pkg: gomega, Tree: true, Name: "ExpectWithOffset", Role: Asserts, Value: 1},
	{Pkg: gomega, Tree: true, Name: "Eventually", Role: Polls},
	{Pkg: gomega, Tree: true, Name: "EventuallyWithOffset", Role: Polls},
	{Pkg: gomega, Tree: true, Name: "Consistently", Role: Polls},
	{Pkg: gomega, Tree: true, Name: "ConsistentlyWithOffset", Role: Polls},
	{Pkg: testify + "/assert", Name: "Eventually*", Role: Polls},
	{Pkg: testify + "/assert", Name: "Never*", Role: Polls},
	{Pkg: testify + "/assert", Name: "New"},
	{Pkg: testify + "/assert", Name: "*", Role: Asserts, Value: -1},
	{Pkg: testify + "/require", Name: "Eventually*", Role: Polls},
	{Pkg: testify + "/require", Name: "Never*", Role: Polls},
	{Pkg: testify + "/require", Name: "New"},
	{Pkg: testify + "/require", Name: "*", Role: Asserts, Value: -1},
	{Pkg: "time", Name: "Sleep", Role: Polls},
	{Pkg: "testing", Methods: true, Name: "Run", Role: RunsNow},
	{Pkg: ginkgo, Name: "By", Role: RunsNow},
	{Pkg: "testing", Methods: true, Name: "Error", Role: FailsTest},
	{Pkg: "testing", Methods: true, Name: "Errorf", Role: FailsTest},
	{Pkg: "testing", Methods: true, Name: "Fatal", Role: FailsTest},
	{Pkg: "testing", Methods: true, Name: "Fatalf", Role: FailsTest},
	{Pkg: "testing", Methods: true, Name: "Fail", Role: FailsTest},
	{Pkg: "testing", Methods: true, Name: "FailNow", Role: FailsTest},
}

// TestRows returns the table of test library calls.
func TestRows() []TestRow { return append([]TestRow(nil), testRows...) }

// TestCall returns the row of the test library call fn, if it has a role.
func TestCall(fn *types.Func) (TestRow, bool) {
	if fn == nil || fn.Pkg() == nil {
		return TestRow{}, false
	}
	path, name := fn.Pkg().Path(), fn.Name()
	for _, r := range testRows {
		if path != r.Pkg && (!r.Tree || !strings.HasPrefix(path, r.Pkg+"/")) {
			continue
		}
		if r.Methods && fn.Signature().Recv() == nil {
			continue
		}
		if prefix, ok := strings.CutSuffix(r.Name, "*"); ok && strings.HasPrefix(name, prefix) || r.Name == name {
			return r, r.Role != 0
		}
	}
	return TestRow{}, false
}

// testSupport are the packages only test code imports: a package of the
// module whose non-test files import one exists for tests (a fake API
// server on httptest, the fake controllers an envtest suite runs in place
// of kube-controller-manager), and its code is not the controller's.
var testSupport = []string{
	"testing",
	"net/http/httptest",
	"sigs.k8s.io/controller-runtime/pkg/envtest",
}

// TestSupport reports whether path is a package only test code imports.
func TestSupport(path string) bool {
	for _, p := range testSupport {
		if path == p {
			return true
		}
	}
	return false
}
