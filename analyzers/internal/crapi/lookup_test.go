package crapi

import (
	"go/token"
	"go/types"
	"runtime"
	"testing"
	"time"
)

// TestLookupCacheReleasesPackages: the cache of LookupType does not keep
// an analysed package alive once nothing else refers to it.
func TestLookupCacheReleasesPackages(t *testing.T) {
	lib := types.NewPackage("example.com/lib", "lib")
	tn := types.NewTypeName(token.NoPos, lib, "Thing", nil)
	types.NewNamed(tn, types.NewStruct(nil, nil), nil)
	lib.Scope().Insert(tn)
	lib.MarkComplete()

	entries := func() int {
		n := 0
		lookupCache.Range(func(k, _ any) bool {
			if k.(lookupKey).path == "example.com/lib" {
				n++
			}
			return true
		})
		return n
	}
	func() {
		user := types.NewPackage("example.com/user", "user")
		user.SetImports([]*types.Package{lib})
		if got := LookupType(user, "example.com/lib", "Thing"); got != tn.Type() {
			t.Fatalf("LookupType = %v, want %v", got, tn.Type())
		}
		if LookupType(user, "example.com/lib", "Thing") != tn.Type() {
			t.Fatal("cached lookup differs")
		}
		if LookupType(user, "example.com/none", "Thing") != nil {
			t.Fatal("lookup in a package not imported found something")
		}
		if n := entries(); n != 1 {
			t.Fatalf("%d cache entries, want 1", n)
		}
		runtime.KeepAlive(user)
	}()
	for i := 0; i < 50 && entries() > 0; i++ {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if n := entries(); n != 0 {
		t.Errorf("%d cache entries left after the importing package was collected", n)
	}
}
