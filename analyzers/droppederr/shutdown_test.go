package droppederr

import "testing"

func TestShutdownName(t *testing.T) {
	for name, want := range map[string]bool{
		"DeleteDevicesOnControllerShutdown": true,
		"cleanupBeforeShutdown":             true,
		"onShutdown":                        true,
		"releaseAtShutDown":                 true,
		"drain_on_shutdown":                 true,
		"ShutdownVM":                        false,
		"reconcileShutdown":                 false,
		"handleGracefulShutdown":            false,
		"OnDelete":                          false,
		"OnShutdownsCount":                  false,
	} {
		if got := shutdownName(name); got != want {
			t.Errorf("shutdownName(%q) = %v, want %v (words %q)", name, got, want, camelWords(name))
		}
	}
}
