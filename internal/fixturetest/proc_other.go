//go:build !linux

package fixturetest

import "os/exec"

// dieWithTest leaves cmd as it is: only Linux can tie a child's life to
// its parent's.
func dieWithTest(cmd *exec.Cmd) *exec.Cmd { return cmd }
