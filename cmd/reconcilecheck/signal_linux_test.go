//go:build linux

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/reconcilecheck/reconcilecheck/e2e/exampletest"
)

// startBlocked starts reconcilecheck on the example with a "go" first in
// PATH whose "go vet" records its pid and blocks (go list is the real
// one). It returns the command and the blocked child's pid.
func startBlocked(t *testing.T) (*exec.Cmd, int) {
	t.Helper()
	bin := buildBinary(t)
	dir := exampletest.Dir(t)
	realGo, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	fake := t.TempDir()
	pidfile := filepath.Join(fake, "pid")
	script := fmt.Sprintf("#!/bin/sh\nif [ \"$1\" = vet ]; then echo $$ > %s.tmp; mv %s.tmp %s; exec sleep 600; fi\nexec %s \"$@\"\n", pidfile, pidfile, pidfile, realGo)
	if err := os.WriteFile(filepath.Join(fake, "go"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-C", dir, "./...")
	cmd.Env = append(os.Environ(), "PATH="+fake+string(os.PathListSeparator)+os.Getenv("PATH"))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() }) // gone already when the test passed
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		if data, err := os.ReadFile(pidfile); err == nil {
			pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGKILL) }) // likewise
			return cmd, pid
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("go vet was never started")
	return nil, 0
}

// alive reports whether pid exists and is not a zombie.
func alive(pid int) bool {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// pid (comm) state ...
	fields := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+1:]))
	return len(fields) > 0 && fields[0] != "Z" && fields[0] != "X"
}

// children returns the live processes whose parent is ppid.
func children(ppid int) []int {
	var out []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			continue
		}
		fields := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+1:]))
		if len(fields) > 1 && fields[1] == strconv.Itoa(ppid) && alive(pid) {
			out = append(out, pid)
		}
	}
	return out
}

func waitGone(t *testing.T, pid int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if !alive(pid) {
			return
		}
	}
	t.Errorf("go vet (pid %d) outlived reconcilecheck", pid)
}

// TestKilledParentKillsChild: reconcilecheck killed with SIGKILL takes
// its go vet child with it.
func TestKilledParentKillsChild(t *testing.T) {
	cmd, child := startBlocked(t)
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait() // "signal: killed", as asked
	waitGone(t, child)
	if left := children(cmd.Process.Pid); len(left) > 0 {
		t.Errorf("processes left whose parent was reconcilecheck: %v", left)
	}
}

// TestSignalForwarded: SIGTERM and SIGINT reach the go vet child, and
// reconcilecheck exits after it, with 128+signal.
func TestSignalForwarded(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd, child := startBlocked(t)
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case err := <-done:
				if err == nil {
					t.Fatal("reconcilecheck exited 0 after the signal")
				}
			case <-time.After(30 * time.Second):
				t.Fatal("reconcilecheck did not exit after the signal")
			}
			if code := cmd.ProcessState.ExitCode(); code != 128+int(sig) {
				t.Errorf("exit status %d after %v, want %d", code, sig, 128+int(sig))
			}
			if alive(child) {
				t.Errorf("go vet (pid %d) still runs after reconcilecheck exited", child)
			}
		})
	}
}
