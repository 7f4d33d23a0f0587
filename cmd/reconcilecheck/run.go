package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"sync"
	"syscall"
)

// runner runs go commands one after the other. SIGINT and SIGTERM are
// passed on to the running command; once one has arrived, the command is
// waited for and no further command starts.
type runner struct {
	sigs chan os.Signal
	done chan struct{}

	mu     sync.Mutex
	child  *os.Process
	signal syscall.Signal // the first signal received, or 0
}

func newRunner() *runner {
	r := &runner{sigs: make(chan os.Signal, 2), done: make(chan struct{})}
	signal.Notify(r.sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		for {
			select {
			case s := <-r.sigs:
				r.mu.Lock()
				if r.signal == 0 {
					r.signal = s.(syscall.Signal)
				}
				if r.child != nil {
					_ = r.child.Signal(s) // it may have exited already
				}
				r.mu.Unlock()
			case <-r.done:
				return
			}
		}
	}()
	return r
}

func (r *runner) stop() {
	signal.Stop(r.sigs)
	close(r.done)
}

// interrupted returns the exit status for the signal received, or 0.
func (r *runner) interrupted() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.signal != 0 {
		return 128 + int(r.signal)
	}
	return 0
}

// run runs "go args..." in dir with stdout to w and stderr to ours, and
// returns its exit status: 128+n if signal n interrupted it, 2 if it
// could not start.
func (r *runner) run(dir string, w io.Writer, args []string) int {
	code, err := r.output(dir, w, os.Stderr, args)
	if err != nil {
		fmt.Fprintf(os.Stderr, "reconcilecheck: running go %s: %v\n", args[0], err)
		return 2
	}
	return code
}

// output runs "go args..." in dir, writing its stdout and stderr to the
// given writers.
func (r *runner) output(dir string, stdout, stderr io.Writer, args []string) (int, error) {
	if code := r.interrupted(); code != 0 {
		return code, nil
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = stdout, stderr
	// The child is killed if we die (Linux): the kernel ties that to the
	// thread that started it, so keep this goroutine on that thread until
	// the child has exited.
	setParentDeathSignal(cmd)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	r.mu.Lock()
	if err := cmd.Start(); err != nil {
		r.mu.Unlock()
		return 2, err
	}
	r.child = cmd.Process
	r.mu.Unlock()
	err := cmd.Wait()
	r.mu.Lock()
	r.child = nil
	r.mu.Unlock()
	if code := r.interrupted(); code != 0 {
		return code, nil
	}
	if err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			return 2, err
		}
		if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal()), nil
		}
		return exit.ExitCode(), nil
	}
	return 0, nil
}
