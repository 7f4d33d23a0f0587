package events

import (
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

// A test's fake recorder reaches no API server: silent.
func TestFake(t *testing.T) {
	rec := record.NewFakeRecorder(1)
	rec.Event(&corev1.ConfigMap{}, "Error", "Failed", "")
}
