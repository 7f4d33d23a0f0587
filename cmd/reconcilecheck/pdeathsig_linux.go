//go:build linux

package main

import (
	"os/exec"
	"syscall"
)

// setParentDeathSignal makes the kernel kill cmd's process when ours dies,
// even by SIGKILL.
func setParentDeathSignal(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
}
