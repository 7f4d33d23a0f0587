package edgecaller // want package:`implementations\(.*fixtures/edgeapi.Mixed.Sync: some use ctx;.*\)`

// Package edgecaller's reconcile calls edgeapi's interfaces with contexts
// it makes, as openyurt's yurtiotdock controllers do. A context handed
// to a method whose every known implementation ignores it loses nothing.

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/edgeapi"
	"fixtures/edgedock"
)

type DeviceReconciler struct {
	client.Client
	devices edgeapi.DeviceClient
	rw      edgeapi.ReadWriter
	mixed   edgeapi.Mixed
	remote  edgeapi.Remote
	unknown edgeapi.Unknown
}

func New(c client.Client, url string) *DeviceReconciler {
	return &DeviceReconciler{Client: c, devices: edgedock.DeviceClient(url), rw: edgedock.ReadWriter(url), mixed: edgedock.Mixed(url), remote: edgedock.Remote(), unknown: edgedock.Unknown()}
}

func (r *DeviceReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// The only implementation never uses its context: not reported.
	if _, err := r.devices.Get(context.TODO(), req.Name); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.devices.Delete(context.Background(), req.Name); err != nil {
		return ctrl.Result{}, err
	}
	// A method of an embedded interface, called through the outer one.
	if _, err := r.rw.Read(context.TODO(), req.Name); err != nil {
		return ctrl.Result{}, err
	}
	r.properties(req.Name)

	// Twins: an implementation uses its context (here, of this package's);
	// the only one does; none is known (edgepoll's is in a package that
	// does not import edgeapi); the context also reaches a method that
	// uses it.
	if err := r.mixed.Sync(context.TODO(), req.Name); err != nil { // want `context.TODO\(\) drops ctx`
		return ctrl.Result{}, err
	}
	if _, err := r.remote.Fetch(context.TODO(), req.Name); err != nil { // want `context.TODO\(\) drops ctx`
		return ctrl.Result{}, err
	}
	if err := r.unknown.Poll(context.TODO(), req.Name); err != nil { // want `context.TODO\(\) drops ctx`
		return ctrl.Result{}, err
	}
	both := context.Background() // want `context.Background\(\) drops ctx`
	if _, err := r.devices.Get(both, req.Name); err != nil {
		return ctrl.Result{}, err
	}
	if _, err := r.remote.Fetch(both, req.Name); err != nil {
		return ctrl.Result{}, err
	}
	r.fetchAll(req.Name)
	return ctrl.Result{}, nil
}

// properties has no context and makes its own for a method whose only
// implementation ignores it: not reported.
func (r *DeviceReconciler) properties(name string) {
	_ = r.rw.Write(context.TODO(), name, "on")
}

// Twin: fetchAll makes its own for a method whose implementation uses it.
func (r *DeviceReconciler) fetchAll(name string) {
	_, _ = r.remote.Fetch(context.TODO(), name) // want `context.TODO\(\) drops the context of the reconcile: DeviceReconciler.fetchAll has no context.Context parameter`
}

// localMixed is Mixed's implementation that uses its context.
type localMixed struct{ client.Client }

func (m localMixed) Sync(ctx context.Context, name string) error {
	return m.Get(ctx, client.ObjectKey{Name: name}, &corev1.ConfigMap{})
}

var _ edgeapi.Mixed = localMixed{}
