// Package labelutil gives objects the labels of the operator: a helper
// of another package, whose label writes its objects.Summary fact says.
package labelutil

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// ManagedBy is the label the manager's cache selects by.
const ManagedBy = "app.kubernetes.io/managed-by"

// Managed gives obj the operator's label.
func Managed(obj metav1.Object) {
	l := obj.GetLabels()
	if l == nil {
		l = map[string]string{}
	}
	l[ManagedBy] = "web"
	obj.SetLabels(l)
}
