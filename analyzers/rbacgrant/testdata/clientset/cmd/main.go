package main

import (
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/clientcmd"
	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/controller"
)

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{}) // want `grants list on nodes \(group core\), which List at controller.go:45 needs: the call fails with forbidden on every reconcile` `grants delete on deployments \(group apps\), which Delete at controller.go:70 needs: the call fails`
	if err != nil {
		return
	}
	remote, err := clientcmd.BuildConfigFromFlags("", "/etc/remote/kubeconfig")
	if err != nil {
		return
	}
	_ = (&controller.Reconciler{
		Client:    mgr.GetClient(),
		Clientset: kubernetes.NewForConfigOrDie(mgr.GetConfig()),
		Config:    mgr.GetConfig(),
		Remote:    kubernetes.NewForConfigOrDie(remote),
	}).SetupWithManager(mgr)
}
