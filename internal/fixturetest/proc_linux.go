//go:build linux

package fixturetest

import (
	"os/exec"
	"syscall"
)

// dieWithTest makes cmd killed when the test binary dies: a test that
// hits go test's timeout is killed, and its go vet would otherwise run
// on, holding the shared lock and the cores, with no one to read it.
func dieWithTest(cmd *exec.Cmd) *exec.Cmd {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	return cmd
}
