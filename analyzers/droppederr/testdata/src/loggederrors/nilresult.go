package loggederrors

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// createSecret returns nil with every error.
func (r *Reconciler) createSecret(ctx context.Context, ns, name string) (*corev1.Secret, error) {
	s := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name}}
	if err := r.Create(ctx, s); err != nil {
		return nil, err
	}
	return s, nil
}

func needsRotation(s *corev1.Secret, within time.Duration) bool {
	return len(s.Data["tls.crt"]) == 0 || within == 0
}

// The shape of k0smotron's reconcileKubeconfig
// (internal/controller/controlplane/k0s_controlplane_controller.go): the
// error of the create is dropped, its nil result appended, then
// dereferenced in the function's own defer. A failure panics there;
// controller-runtime recovers the panic and retries.
func (r *Reconciler) kubeconfigs(ctx context.Context, ns string) error {
	secrets := []*corev1.Secret{}
	defer func() {
		for _, s := range secrets {
			if needsRotation(s, time.Hour) {
				return
			}
		}
	}()
	kubeconfig, err := r.createSecret(ctx, ns, "kubeconfig") // want `the error of createSecret is discarded, and its result, nil when it fails, is used at line 40: a failure goes on with a nil \*Secret, and dereferencing it panics; controller-runtime recovers the panic into a reconcile error and retries it with backoff \(RecoverPanic is on by default since controller-runtime v0.19\), so the failed write is retried only through that panic, and its own error is never logged; return the error`
	_ = err
	secrets = append(secrets, kubeconfig) // the use the message names
	return nil
}

// Twin: the result is not used; the failure is neither logged nor
// retried.
func (r *Reconciler) kubeconfigIgnored(ctx context.Context, ns string) error {
	_, _ = r.createSecret(ctx, ns, "kubeconfig") // want `the error of createSecret is discarded, then kubeconfigIgnored returns success: a failed write is not retried until the next event; return the error`
	return nil
}
