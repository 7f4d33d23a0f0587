// Command manager runs the guestbook operator.
package main

import (
	"flag"
	"os"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/klog/v2"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/healthz"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	webappv1alpha1 "example.com/guestbook-operator/api/v1alpha1"
	"example.com/guestbook-operator/internal/controller"
	webhookv1alpha1 "example.com/guestbook-operator/internal/webhook/v1alpha1"
)

var (
	scheme   = runtime.NewScheme()
	setupLog = ctrl.Log.WithName("setup")
)

func init() {
	utilruntime.Must(clientgoscheme.AddToScheme(scheme))
	utilruntime.Must(webappv1alpha1.AddToScheme(scheme))
}

func main() {
	var (
		metricsAddr          string
		probeAddr            string
		enableLeaderElection bool
		directoryNamespace   string
		defaultImage         string
	)
	flag.StringVar(&metricsAddr, "metrics-bind-address", "0", "The address the metrics endpoint binds to. "+
		"Use :8080 to serve them, or leave 0 to disable the metrics service.")
	flag.StringVar(&probeAddr, "health-probe-bind-address", ":8081", "The address the probe endpoint binds to.")
	flag.BoolVar(&enableLeaderElection, "leader-elect", false, "Enable leader election for the controller manager, "+
		"ensuring that only one manager is active at a time.")
	flag.StringVar(&directoryNamespace, "directory-namespace", "guestbook-system",
		"The namespace that holds the guestbook directory.")
	flag.StringVar(&defaultImage, "default-guestbook-image", "registry.k8s.io/guestbook:v3",
		"The frontend image of the guestbooks created in labelled namespaces.")
	klog.InitFlags(flag.CommandLine)
	flag.Parse()

	ctrl.SetLogger(klog.NewKlogr())

	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{ // expect: rbacgrant // expect: rbacgrant // expect: schemekind // expect: fieldindex // expect with -cleanupnofinalizer.enable: cleanupnofinalizer // expect: metricsregistry
		Scheme:                 scheme,
		Metrics:                metricsserver.Options{BindAddress: metricsAddr},
		HealthProbeBindAddress: probeAddr,
		LeaderElection:         enableLeaderElection,
		LeaderElectionID:       "guestbook-operator.webapp.example.com",
		// The operator reads only the disruption budgets and network
		// policies it makes: the cache keeps those it labels, not every
		// one of the cluster.
		Cache: cache.Options{
			ByObject: map[client.Object]cache.ByObject{
				&policyv1.PodDisruptionBudget{}: {Label: labels.SelectorFromSet(labels.Set{controller.ManagedByLabel: controller.ManagedBy})}, // expect with -cachelabel.enable: cachelabel
				&networkingv1.NetworkPolicy{}:   {Label: labels.SelectorFromSet(labels.Set{controller.ManagedByLabel: controller.ManagedBy})},
			},
		},
	})
	if err != nil {
		setupLog.Error(err, "unable to start manager")
		os.Exit(1)
	}

	ctx := ctrl.SetupSignalHandler()

	// The guestbooks register in the directory namespace: it must exist.
	// The API reader asks the API server, which answers before the start.
	if err := mgr.GetAPIReader().Get(ctx, client.ObjectKey{Name: directoryNamespace}, &corev1.Namespace{}); err != nil {
		setupLog.Error(err, "unable to read the directory namespace", "namespace", directoryNamespace)
		os.Exit(1)
	}
	// The operator's defaults are read through the manager's client, whose
	// cache starts with the manager: this read fails at every start.
	defaults := &corev1.ConfigMap{}
	if err := mgr.GetClient().Get(ctx, client.ObjectKey{Namespace: directoryNamespace, Name: "guestbook-defaults"}, defaults); err != nil { // expect: cachenotstarted
		setupLog.Error(err, "unable to read the operator's defaults")
		os.Exit(1)
	}
	if image := defaults.Data["image"]; image != "" {
		defaultImage = image
	}

	if err := (&controller.GuestbookReconciler{
		Client:             mgr.GetClient(),
		Scheme:             mgr.GetScheme(),
		DirectoryNamespace: directoryNamespace,
	}).SetupWithManager(mgr); err != nil {
		setupLog.Error(err, "unable to create controller", "controller", "Guestbook")
		os.Exit(1)
	}
	if err := (&controller.GuestbookBackupReconciler{
		Client:   mgr.GetClient(),
		Scheme:   mgr.GetScheme(),
		Recorder: mgr.GetEventRecorder("guestbookbackup"),
	}).SetupWithManager(mgr); err != nil {
		setupLog.Error(err, "unable to create controller", "controller", "GuestbookBackup")
		os.Exit(1)
	}
	if err := (&controller.GuestbookRestoreReconciler{
		Client:       mgr.GetClient(),
		Scheme:       mgr.GetScheme(),
		RetrySeconds: 30,
	}).SetupWithManager(mgr); err != nil {
		setupLog.Error(err, "unable to create controller", "controller", "GuestbookRestore")
		os.Exit(1)
	}
	if err := (&controller.GuestbookProbeReconciler{
		Client: mgr.GetClient(),
		Config: mgr.GetConfig(),
	}).SetupWithManager(mgr); err != nil {
		setupLog.Error(err, "unable to create controller", "controller", "GuestbookProbe")
		os.Exit(1)
	}
	if err := (&controller.GuestbookAccountReconciler{
		Client: mgr.GetClient(),
		Scheme: mgr.GetScheme(),
	}).SetupWithManager(mgr); err != nil {
		setupLog.Error(err, "unable to create controller", "controller", "GuestbookAccount")
		os.Exit(1)
	}
	if err := (&controller.NamespaceReconciler{
		Client:       mgr.GetClient(),
		Scheme:       mgr.GetScheme(),
		DefaultImage: defaultImage,
	}).SetupWithManager(mgr); err != nil {
		setupLog.Error(err, "unable to create controller", "controller", "Namespace")
		os.Exit(1)
	}

	if err := webhookv1alpha1.SetupGuestbookWebhookWithManager(mgr); err != nil {
		setupLog.Error(err, "unable to create webhook", "webhook", "Guestbook")
		os.Exit(1)
	}

	if err := mgr.AddHealthzCheck("healthz", healthz.Ping); err != nil {
		setupLog.Error(err, "unable to set up health check")
		os.Exit(1)
	}
	if err := mgr.AddReadyzCheck("readyz", healthz.Ping); err != nil {
		setupLog.Error(err, "unable to set up ready check")
		os.Exit(1)
	}

	setupLog.Info("starting manager")
	if err := mgr.Start(ctx); err != nil {
		setupLog.Error(err, "problem running manager")
		os.Exit(1)
	}
}
