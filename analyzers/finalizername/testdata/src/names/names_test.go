package names

import (
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Test files are not checked: a made-up name reaches no API server.
func TestAdd(t *testing.T) {
	dep := &appsv1.Deployment{}
	controllerutil.AddFinalizer(dep, "test")
}
