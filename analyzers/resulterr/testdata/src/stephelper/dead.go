package stephelper

import (
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

// requeueAfter is an unexported function that nothing calls nor uses as a
// value (doris-operator's pkg/controller/result.go): its Result reaches no
// one, so the requeue it would lose is not reported.
func requeueAfter(err error) (ctrl.Result, error) {
	return ctrl.Result{RequeueAfter: 5 * time.Second}, err
}
