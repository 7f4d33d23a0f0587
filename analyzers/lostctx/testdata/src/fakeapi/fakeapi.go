// Package fakeapi exists for tests, as cass-operator's internal/envtest
// does: a fake management API on httptest and the fake controller an
// envtest suite runs. Its reconcile makes its own context the way
// helpers.AppReconciler.pods does, but this is not the operator's code:
// not reported.
package fakeapi

import (
	"context"
	"net/http"
	"net/http/httptest"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Server starts the fake management API.
func Server() *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusOK)
	}))
}

// PodReconciler stands in for the kubelet in envtest.
type PodReconciler struct {
	client.Client
}

func (r *PodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if _, err := r.pods(req.Namespace); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *PodReconciler) pods(ns string) (*corev1.PodList, error) {
	var pods corev1.PodList
	err := r.List(context.TODO(), &pods, client.InNamespace(ns))
	return &pods, err
}
