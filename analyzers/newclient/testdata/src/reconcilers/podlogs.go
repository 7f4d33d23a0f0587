package reconcilers

import (
	"context"
	"io"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A clientset built on every reconcile only to stream one pod's logs: no
// cache holds logs, and client-go shares the TLS transport; the cost is a
// rate limiter of its own.
type LogsReconciler struct {
	client.Client
	Config *rest.Config
}

func (r *LogsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cs, err := kubernetes.NewForConfig(r.Config) // want `kubernetes.NewForConfig builds a new clientset each time a reconcile runs it, only to read pod logs \(GetLogs at line 28\), which no informer cache holds, over the TLS transport client-go shares between clients of one configuration \(unless it sets a Proxy or Dial function\): what each reconcile adds is a client-side rate limiter that starts full, from the QPS and Burst of the config it is given \(client-go's 5 and 10 when they are 0, none when QPS is negative, as controller-runtime's GetConfig sets it\), apart from the manager's client, so no limit bounds these requests across reconciles; build it once, in main or SetupWithManager, from mgr.GetConfig\(\), and keep it on the reconciler, or cache it per target cluster`
	if err != nil {
		return ctrl.Result{}, err
	}
	stream, err := cs.CoreV1().Pods(req.Namespace).GetLogs(req.Name, &corev1.PodLogOptions{TailLines: new(int64(10))}).Stream(ctx)
	if err != nil {
		return ctrl.Result{}, err
	}
	defer stream.Close()
	_, err = io.Copy(io.Discard, stream)
	return ctrl.Result{}, err
}

// Twin: the clientset also lists pods, which the manager's cache serves:
// the first message.
type LogsAndListReconciler struct {
	client.Client
	Config *rest.Config
}

func (r *LogsAndListReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cs, err := kubernetes.NewForConfig(r.Config) // want `kubernetes.NewForConfig builds a new API client each time a reconcile runs it \(its own client-side rate limiter where its config sets a QPS \(none where QPS is negative, as controller-runtime's GetConfig sets it\), apart from the manager's, and reads that no informer cache serves\)`
	if err != nil {
		return ctrl.Result{}, err
	}
	pods, err := cs.CoreV1().Pods(req.Namespace).List(ctx, metav1.ListOptions{})
	if err != nil || len(pods.Items) == 0 {
		return ctrl.Result{}, err
	}
	_, err = cs.CoreV1().Pods(req.Namespace).GetLogs(pods.Items[0].Name, &corev1.PodLogOptions{}).DoRaw(ctx)
	return ctrl.Result{}, err
}
