//go:build !unix

package fixturetest

import "os"

// lockFile does nothing here: test binaries may then analyse the modules
// at the same time, which costs time, not correctness.
func lockFile(*os.File) error { return nil }

func unlockFile(*os.File) error { return nil }
