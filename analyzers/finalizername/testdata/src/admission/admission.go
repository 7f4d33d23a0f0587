package admission // want package:`^added\("workload.apps.example.com" by fixtures/admission\)$`

// The name a webhook adds, declared with it, as korifi's
// statefulset-runner/controllers/webhooks/finalizer: the controller that
// removes it is in package workload, which learns from this package's fact
// that the name is still added.

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const WorkloadFinalizer = "workload.apps.example.com" // want `finalizer name "workload.apps.example.com" is not domain-qualified`

// RetiredFinalizer is added by no package: the controller still removes
// it from old objects.
const RetiredFinalizer = "retired.apps.example.com"

func Default(obj client.Object) {
	controllerutil.AddFinalizer(obj, WorkloadFinalizer)
}
