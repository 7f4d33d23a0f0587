package periodic

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
)

// CertRotator is a manager Runnable that rotates a certificate on a
// ticker (kubewarden's CertReconciler): a failed rotation is only logged,
// and the next tick tries it again. Returning the error would stop the
// manager. Not reported.
type CertRotator struct{ client.Client }

func (r *CertRotator) Start(ctx context.Context) error {
	ticker := time.NewTicker(time.Hour)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-ticker.C:
			if err := r.rotate(ctx); err != nil {
				logf.FromContext(ctx).Error(err, "rotating the certificate")
			}
		}
	}
}

func (r *CertRotator) rotate(ctx context.Context) error {
	s := &corev1.Secret{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: "system", Name: "cert"}, s); err != nil {
		return err
	}
	s.Data = map[string][]byte{"tls.crt": nil}
	return r.Update(ctx, s)
}

// OnceRotator rotates once when the manager starts: a failed rotation
// that is only logged is never tried again.
type OnceRotator struct{ CertRotator }

func (r *OnceRotator) Start(ctx context.Context) error {
	if err := r.rotate(ctx); err != nil {
		logf.FromContext(ctx).Error(err, "rotating the certificate") // want `the error of rotate is only logged, then Start returns success`
	}
	<-ctx.Done()
	return nil
}
