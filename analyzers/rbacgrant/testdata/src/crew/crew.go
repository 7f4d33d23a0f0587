package crew

// A second controller package, as in a multi-group project: its markers
// and those of package controller make one role.

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/drain"
)

type ServiceReconciler struct { // requests (wiring's fact): deployments.apps:get services:delete services:get services:patch nodes:get endpoints:list services:watch
	client.Client
	Workload *rest.Config
	pools    []*drain.Pool
}

// +kubebuilder:rbac:groups=core,resources=services,verbs=get;list;watch

// Reconcile reads a Deployment, which package controller's markers grant,
// and deletes the Service, which no marker grants.
func (r *ServiceReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, dep); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	svc := &corev1.Service{}
	svc.Name, svc.Namespace = req.Name, req.Namespace
	if err := r.Delete(ctx, svc); err != nil {
		return ctrl.Result{}, err
	}
	// The workload cluster's client goes into RemoteClient only: the
	// Node patch needs nothing of the manager's role.
	remote, err := client.New(r.Workload, client.Options{})
	if err != nil {
		return ctrl.Result{}, err
	}
	d := &drain.Helper{Client: r.Client, RemoteClient: remote}
	if err := d.Cordon(ctx, req.Name); err != nil {
		return ctrl.Result{}, err
	}
	if ready, err := drain.NodeReady(ctx, remote, req.Name); err != nil || !ready {
		return ctrl.Result{}, err
	}
	if ready, err := d.Ready(ctx, req.Name); err != nil || !ready {
		return ctrl.Result{}, err
	}
	r.pools = append(r.pools, &drain.Pool{Nodes: []string{req.Name}})
	if _, err := drain.CountEndpoints(ctx, r.Client); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, d.Label(ctx, svc)
}

func (r *ServiceReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.Service{}).Complete(r)
}

// ClaimCleaner is started by main through its constructor: what it needs
// reaches the manager through the function's fact.
type ClaimCleaner struct { // requests (wiring's fact): persistentvolumeclaims:deletecollection
	c client.Client
}

func NewClaimCleaner(c client.Client) *ClaimCleaner { // requests (wiring's fact): persistentvolumeclaims:deletecollection
	return &ClaimCleaner{c: c}
}

func (p *ClaimCleaner) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, p.c.DeleteAllOf(ctx, &corev1.PersistentVolumeClaim{}, client.InNamespace(req.Namespace))
}

// Unstarted is a reconciler of the package that no manager starts (the
// binary that runs it has a role of its own): what it needs is nobody's.
type Unstarted struct { // requests (wiring's fact): serviceaccounts:delete
	client.Client
}

func (u *Unstarted) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, u.Delete(ctx, &corev1.ServiceAccount{})
}
