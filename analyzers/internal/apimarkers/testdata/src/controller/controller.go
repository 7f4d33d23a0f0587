package controller // want `rules: groups=webapp.example.com resources=guestbooks verbs=get,list,watch,update,patch at controller.go:13; groups=webapp.example.com resources=guestbooks/status verbs=get,update,patch at controller.go:14; groups=core resources=secrets,configmaps verbs=get at controller.go:15; groups= resources=events verbs=create,patch at controller.go:16; groups=apps resources=deployments verbs=\* namespace=system at controller.go:17; groups=batch resources=jobs verbs=create at more.go:13`

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"

	webappv1 "fixtures/api/v1" // want `imports markers\(group=webapp.example.com/v1 Guestbook:guestbooks\+status GuestbookList:guestbooklists Policy:policies Database:dbs\+status Falco:falcos resource\(Monitor\) immutable\(WorkSpec.ManagedBy\) immutable\(WorkSpec.Class\)\)`
)

type GuestbookReconciler struct{}

// +kubebuilder:rbac:groups=webapp.example.com,resources=guestbooks,verbs=get;list;watch;update;patch
// +kubebuilder:rbac:groups=webapp.example.com,resources=guestbooks/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=core,resources=secrets;configmaps,verbs=get
// +kubebuilder:rbac:groups="",resources=events,verbs=create;patch
// +kubebuilder:rbac:groups=apps,namespace=system,resources=deployments,verbs=*

// Reconcile does nothing; its markers are the package's.
func (r *GuestbookReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	_ = webappv1.Guestbook{}
	return ctrl.Result{}, nil
}
