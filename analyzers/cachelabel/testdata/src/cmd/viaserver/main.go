// Command viaserver runs the manager package server makes.
package main

import (
	"os"

	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/server"
)

func main() {
	if err := server.Run(ctrl.SetupSignalHandler()); err != nil { // want `Secret objects whose labels match "app.kubernetes.io/managed-by" \(DefaultLabelSelector at server.go:\d+\), but the Secret that ensureSecret creates` `ConfigMap objects whose labels match "app.kubernetes.io/managed-by" \(DefaultLabelSelector at server.go:\d+\), but the ConfigMap that ensureConfigMap creates`
		os.Exit(1)
	}
}
