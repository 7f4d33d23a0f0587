package controller

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	webappv1alpha1 "example.com/guestbook-operator/api/v1alpha1"
)

const (
	// guestbookFinalizer lets the controller clean up what garbage
	// collection cannot: the data volume and the directory entry.
	guestbookFinalizer = "webapp.example.com/guestbook-cleanup"

	// dataProtectionFinalizer keeps a redis data volume from going away
	// while its guestbook still runs.
	dataProtectionFinalizer = "webapp.example.com/data-protection"
)

// GuestbookReconciler reconciles a Guestbook object.
type GuestbookReconciler struct {
	client.Client
	Scheme *runtime.Scheme

	// DirectoryNamespace holds one ConfigMap per guestbook of the cluster,
	// read by the guestbook directory page.
	DirectoryNamespace string
}

// +kubebuilder:rbac:groups=webapp.example.com,resources=guestbooks,verbs=get;list;watch;update;patch
// +kubebuilder:rbac:groups=webapp.example.com,resources=guestbooks/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=webapp.example.com,resources=guestbooks/finalizers,verbs=update
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=core,resources=services;configmaps;persistentvolumeclaims,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=rbac.authorization.k8s.io,resources=clusterrolebindings,verbs=create

// Reconcile moves the cluster towards the state a Guestbook describes: a
// redis ConfigMap and data volume, a Deployment running the frontend and
// redis, a Service, and an entry in the guestbook directory.
func (r *GuestbookReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)

	gb := &webappv1alpha1.Guestbook{}
	if err := r.Get(ctx, req.NamespacedName, gb); err != nil {
		// Deleted after the request was queued: nothing left to do.
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	if isBeingDeleted(gb) {
		if !controllerutil.ContainsFinalizer(gb, guestbookFinalizer) {
			return ctrl.Result{}, nil
		}

		// The data volume carries our protection finalizer: release it
		// and delete the volume before letting the guestbook go.
		pvc := &corev1.PersistentVolumeClaim{}
		err := r.Get(ctx, types.NamespacedName{Namespace: gb.Namespace, Name: dataVolumeName(gb)}, pvc)
		switch {
		case apierrors.IsNotFound(err):
			// Already gone.
		case err != nil:
			return ctrl.Result{}, err
		case pvc.GetDeletionTimestamp().IsZero():
			patch := client.MergeFrom(pvc.DeepCopy()) // expect: finalizerlock
			controllerutil.RemoveFinalizer(pvc, dataProtectionFinalizer)
			if err := r.Patch(ctx, pvc, patch); err != nil {
				return ctrl.Result{}, err
			}
			if err := r.Delete(ctx, pvc); client.IgnoreNotFound(err) != nil {
				return ctrl.Result{}, err
			}
			return ctrl.Result{RequeueAfter: volumePollInterval}, nil
		default:
			// Somebody deleted the volume already: wait for it to go.
			log.Info("Waiting for the data volume to be deleted", "persistentVolumeClaim", pvc.Name)
			return ctrl.Result{RequeueAfter: volumePollInterval}, nil // expect: finalizerdeadlock
		}

		// The directory entry lives in another namespace, out of reach of
		// the garbage collector.
		entry := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: r.DirectoryNamespace, Name: directoryEntryName(gb)}}
		if err := r.Delete(ctx, entry); client.IgnoreNotFound(err) != nil {
			log.Error(err, "Failed to delete the directory entry", "configMap", entry.Name) // expect: droppederr
		}

		// So does the entry's list of endpoints, whose NotFound is returned:
		// once an earlier run deleted it, every retry fails here and the
		// guestbook keeps its finalizer (the entry above is the twin).
		endpoints := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: r.DirectoryNamespace, Name: directoryEntryName(gb) + "-endpoints"}}
		if err := r.Delete(ctx, endpoints); err != nil { // expect with -cleanupnotfound.enable: cleanupnotfound
			return ctrl.Result{}, err
		}

		controllerutil.RemoveFinalizer(gb, guestbookFinalizer)
		if err := r.Update(ctx, gb); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}

	if controllerutil.AddFinalizer(gb, guestbookFinalizer) {
		if err := r.Update(ctx, gb); err != nil {
			return ctrl.Result{}, err
		}
	}

	// Settings and Services a former release left behind.
	if err := r.retireOldSettings(ctx, gb); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.retireOldServices(ctx, gb); err != nil {
		return ctrl.Result{}, err
	}

	// Redis configuration.
	cm := &corev1.ConfigMap{}
	err := r.Get(ctx, types.NamespacedName{Namespace: gb.Namespace, Name: redisConfigName(gb)}, cm)
	if apierrors.IsNotFound(err) {
		cm = newRedisConfig(gb)
		if err := r.Create(ctx, cm); err != nil {
			return ctrl.Result{}, err
		}
		log.Info("Created the redis configuration", "configMap", cm.Name)
	} else if err != nil {
		return ctrl.Result{}, err
	}

	// Redis data volume.
	pvc := &corev1.PersistentVolumeClaim{}
	err = r.Get(ctx, types.NamespacedName{Namespace: gb.Namespace, Name: dataVolumeName(gb)}, pvc)
	if apierrors.IsNotFound(err) {
		pvc = newDataVolume(gb)
		if err := ctrl.SetControllerReference(gb, pvc, r.Scheme); err != nil {
			return ctrl.Result{}, err
		}
		if err := r.Create(ctx, pvc); err != nil {
			return ctrl.Result{}, err
		}
		log.Info("Created the redis data volume", "persistentVolumeClaim", pvc.Name)
	} else if err != nil {
		return ctrl.Result{}, err
	}

	// Frontend and redis.
	dep := &appsv1.Deployment{}
	err = r.Get(ctx, types.NamespacedName{Namespace: gb.Namespace, Name: gb.Name}, dep)
	if apierrors.IsNotFound(err) {
		dep = newDeployment(gb)
		if err := ctrl.SetControllerReference(gb, dep, r.Scheme); err != nil {
			return ctrl.Result{}, err
		}
		if err := r.Create(ctx, dep); err != nil {
			return ctrl.Result{}, err
		}
		log.Info("Created the Deployment", "deployment", dep.Name)
		// The Deployment is owned: its events bring us back here.
		return ctrl.Result{}, nil
	}
	if err != nil {
		return ctrl.Result{}, err
	}

	// Roll out changes of the image or the replica count. The frontend is
	// the first container.
	replicas := desiredReplicas(gb)
	frontend := &dep.Spec.Template.Spec.Containers[0]
	if dep.Spec.Replicas == nil || *dep.Spec.Replicas != replicas || frontend.Image != gb.Spec.Image {
		// Replicas and the pod template may change on a live Deployment;
		// its selector may not: once labelsFor changes (a label added in a
		// new version of the operator), every Update is refused.
		dep.Spec.Replicas = &replicas
		frontend.Image = gb.Spec.Image
		dep.Spec.Selector = &metav1.LabelSelector{MatchLabels: labelsFor(gb)} // expect: immutablefield
		if err := r.Update(ctx, dep); err != nil {                            // expect: updatepatch
			return ctrl.Result{}, err
		}
	}

	svc := &corev1.Service{}
	err = r.Get(ctx, types.NamespacedName{Namespace: gb.Namespace, Name: gb.Name}, svc)
	if apierrors.IsNotFound(err) {
		svc = newService(gb)
		if err := ctrl.SetControllerReference(gb, svc, r.Scheme); err != nil {
			return ctrl.Result{}, err
		}
		if err := r.Create(ctx, svc); err != nil {
			return ctrl.Result{}, err
		}
		log.Info("Created the Service", "service", svc.Name)
	} else if err != nil {
		return ctrl.Result{}, err
	}

	// Let the frontend read the nodes' topology labels, which it shows.
	// A ClusterRoleBinding is cluster-scoped: it cannot be owned by the
	// namespaced Guestbook.
	binding := newNodeReaderBinding(gb)
	if err := ctrl.SetControllerReference(gb, binding, r.Scheme); err != nil { // expect: ownerscope
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, binding); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}

	// Keep the pod through a node drain, and let only the frontend's port
	// be reached.
	if err := r.ensureDisruptionBudget(ctx, gb); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.ensureNetworkPolicy(ctx, gb); err != nil {
		return ctrl.Result{}, err
	}

	// List the guestbook in the directory.
	entry := newDirectoryEntry(gb, r.DirectoryNamespace, serviceURL(svc))
	if err := r.Create(ctx, entry); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}

	gb.Status.ObservedGeneration = gb.Generation
	gb.Status.ReadyReplicas = dep.Status.ReadyReplicas
	gb.Status.URL = serviceURL(svc)
	// The base of the status patch, taken after the fields above were set:
	// they are left out of the patch.
	base := gb.DeepCopy() // expect: mergebase
	available := metav1.Condition{
		Type:               webappv1alpha1.TypeAvailable,
		Status:             metav1.ConditionFalse,
		Reason:             "NoReadyReplicas",
		Message:            "The frontend has no ready replica",
		ObservedGeneration: gb.Generation,
	}
	if dep.Status.ReadyReplicas > 0 {
		available.Status, available.Reason, available.Message = metav1.ConditionTrue, "ReplicasReady", "The frontend serves requests"
	}
	meta.SetStatusCondition(&gb.Status.Conditions, available)
	progressing := metav1.Condition{
		Type:               webappv1alpha1.TypeProgressing,
		Status:             metav1.ConditionFalse,
		Reason:             "RolledOut",
		ObservedGeneration: gb.Generation,
	}
	if dep.Status.UpdatedReplicas < replicas || dep.Status.ReadyReplicas < replicas {
		progressing.Status, progressing.Reason = metav1.ConditionTrue, "RollingOut"
	}
	meta.SetStatusCondition(&gb.Status.Conditions, progressing)
	if err := r.Status().Patch(ctx, gb, client.MergeFrom(base)); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// SetupWithManager sets up the controller with the Manager.
func (r *GuestbookReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&webappv1alpha1.Guestbook{}).
		Owns(&appsv1.Deployment{}).
		Owns(&corev1.Service{}).
		Owns(&corev1.ConfigMap{}). // expect: ownsnoowner
		// Our own status updates need no reconcile.
		WithEventFilter(predicate.GenerationChangedPredicate{}). // expect: globalfilter
		Named("guestbook").
		Complete(r)
}
