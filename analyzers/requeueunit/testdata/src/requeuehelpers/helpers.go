// Package requeuehelpers builds the Results of other packages'
// reconcilers.
package requeuehelpers

import (
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

// After is meant in seconds; it converts them as nanoseconds.
func After(seconds int) ctrl.Result {
	return ctrl.Result{RequeueAfter: time.Duration(seconds)} // want `time.Duration\(seconds\) takes seconds as nanoseconds`
}

// AfterSeconds is its twin.
func AfterSeconds(seconds int) ctrl.Result {
	return ctrl.Result{RequeueAfter: time.Duration(seconds) * time.Second}
}
