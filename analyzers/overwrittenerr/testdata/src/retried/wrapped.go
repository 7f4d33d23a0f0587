package retried

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/client-go/util/retry"
)

// Dynamic is the module's own wrapper of a dynamic client (velero's
// restore writes statuses through one): a refresh through it is no
// controller-runtime client call.
type Dynamic interface {
	Get(name string, opts metav1.GetOptions) (*unstructured.Unstructured, error)
	UpdateStatus(obj *unstructured.Unstructured, opts metav1.UpdateOptions) (*unstructured.Unstructured, error)
}

// Silent: on a conflict the resource version is refreshed through the
// wrapper, and the closure returns the conflict to be run again.
func restoreStatus(ctx context.Context, c Dynamic, obj *unstructured.Unstructured) error {
	resourceVersion := obj.GetResourceVersion()
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		obj.SetResourceVersion(resourceVersion)
		_, err := c.UpdateStatus(obj, metav1.UpdateOptions{})
		if err != nil {
			if apierrors.IsConflict(err) {
				res, err := c.Get(obj.GetName(), metav1.GetOptions{})
				if err == nil {
					resourceVersion = res.GetResourceVersion()
				}
			}
			return err
		}
		return nil
	})
}

// Reported: the same refresh after a successful update, where the
// closure's err is nil and the refresh's failure is lost.
func refreshAfterSuccess(ctx context.Context, c Dynamic, obj *unstructured.Unstructured) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		_, err := c.UpdateStatus(obj, metav1.UpdateOptions{})
		if err == nil {
			if _, err := c.Get(obj.GetName(), metav1.GetOptions{}); err != nil { // want `err := declares a new err that hides the one read at line 50: when c.Get fails`
				obj.SetResourceVersion("")
			}
		}
		return err
	})
}
