package owned

import (
	"context"
	"encoding/json"
	"maps"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// WebReconciler reconciles a Service (its For type) and owns a
// Deployment and a ConfigMap. Its client is embedded.
type WebReconciler struct {
	client.Client
}

func (r *WebReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Service{}).
		Owns(&appsv1.Deployment{}).
		Owns(&corev1.ConfigMap{}).
		Complete(r)
}

func (r *WebReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	svc := &corev1.Service{}
	if err := r.Get(ctx, req.NamespacedName, svc); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// The For type: not reported by default.
	if controllerutil.AddFinalizer(svc, "example.com/cleanup") {
		if err := r.Update(ctx, svc); err != nil {
			return ctrl.Result{}, err
		}
	}

	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, dep); err != nil {
		return ctrl.Result{}, err
	}
	replicas := int32(3)
	frontend := &dep.Spec.Template.Spec.Containers[0]
	if dep.Spec.Replicas == nil || *dep.Spec.Replicas != replicas || frontend.Image != "nginx" {
		dep.Spec.Replicas = &replicas
		frontend.Image = "nginx"
		if err := r.Update(ctx, dep); err != nil { // want `Update writes the whole v1.Deployment, whose status the deployment controller also writes: every concurrent change turns into a 409 Conflict and a wasted reconcile; patch the fields you changed with client.MergeFrom`
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// Changes on one branch, Update after the if: the copy is taken before
// the if.
func (r *WebReconciler) syncConfig(ctx context.Context, key types.NamespacedName, data map[string]string) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	if cm.Data == nil {
		cm.Data = map[string]string{}
	} else {
		for k := range cm.Data {
			delete(cm.Data, k)
		}
	}
	for k, v := range data {
		cm.Data[k] = v
	}
	return r.Update(ctx, cm) // want `Update writes the whole v1.ConfigMap, which other clients may also write`
}

// An Update on each branch after one change: the fixes insert the same
// statement at the same place.
func (r *WebReconciler) relabel(ctx context.Context, key types.NamespacedName, dryRun bool) error {
	var dep appsv1.Deployment
	if err := r.Get(ctx, key, &dep); err != nil {
		return err
	}
	dep.Labels["tier"] = "web"
	if dryRun {
		return r.Update(ctx, &dep, client.DryRunAll) // want `Update writes the whole v1.Deployment`
	} else {
		return r.Update(ctx, &dep, client.FieldOwner("web")) // want `Update writes the whole v1.Deployment`
	}
}

// Pods are neither For nor owned; the kubelet writes their status.
func (r *WebReconciler) markPods(ctx context.Context, ns string) error {
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(ns)); err != nil {
		return err
	}
	for i := range pods.Items {
		pod := &pods.Items[i]
		if pod.Labels == nil {
			pod.Labels = map[string]string{}
		}
		pod.Labels["example.com/marked"] = "true"
		if err := r.Update(ctx, pod); err != nil { // want `Update writes the whole v1.Pod, whose status the kubelet also writes`
			return err
		}
	}
	return nil
}

// The value of a range loop, updated through its address.
func (r *WebReconciler) annotateAll(ctx context.Context, ns string) error {
	var deps appsv1.DeploymentList
	if err := r.List(ctx, &deps, client.InNamespace(ns)); err != nil {
		return err
	}
	for _, d := range deps.Items {
		d.SetAnnotations(map[string]string{"example.com/seen": "true"})
		if err := r.Update(ctx, &d); err != nil { // want `Update writes the whole v1.Deployment`
			return err
		}
	}
	return nil
}

// setImage is a helper of the package that changes its parameter.
func setImage(dep *appsv1.Deployment, image string) {
	for i := range dep.Spec.Template.Spec.Containers {
		dep.Spec.Template.Spec.Containers[i].Image = image
	}
}

// getDeployment is a helper of the package that fetches.
func (r *WebReconciler) getDeployment(ctx context.Context, key types.NamespacedName) (*appsv1.Deployment, error) {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return nil, err
	}
	return dep, nil
}

// The change and the fetch both in helpers of the package.
func (r *WebReconciler) rollOut(ctx context.Context, key types.NamespacedName, image string) error {
	dep, err := r.getDeployment(ctx, key)
	if err != nil {
		return err
	}
	setImage(dep, image)
	return r.Update(ctx, dep) // want `Update writes the whole v1.Deployment`
}

// maps.Copy into the object's labels is a change.
func (r *WebReconciler) copyLabels(ctx context.Context, key types.NamespacedName, labels map[string]string) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	maps.Copy(dep.Labels, labels)
	return r.Update(ctx, dep) // want `Update writes the whole v1.Deployment`
}

// A call that may change the object (json.Unmarshal into its spec) before
// the first known change: a copy taken after it would miss its change, so
// reported, no fix.
func (r *WebReconciler) unmarshal(ctx context.Context, key types.NamespacedName, data []byte) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	if err := json.Unmarshal(data, &dep.Spec); err != nil {
		return err
	}
	dep.Labels = map[string]string{"a": "b"}
	return r.Update(ctx, dep) // want `Update writes the whole v1.Deployment`
}

// An UpdateOptions that is no PatchOption: reported, no fix.
func (r *WebReconciler) withUpdateOptions(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	dep.Spec.Paused = true
	return r.Update(ctx, dep, &client.UpdateOptions{FieldManager: "web"}) // want `Update writes the whole v1.Deployment`
}

// Through a method value: reported, no fix.
func (r *WebReconciler) methodValue(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	dep.Spec.Paused = true
	update := r.Update
	return update(ctx, dep) // want `Update writes the whole v1.Deployment`
}

// Twins, not reported.

// The right way: a merge patch.
func (r *WebReconciler) patched(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	patch := client.MergeFrom(dep.DeepCopy())
	dep.Spec.Paused = true
	return r.Patch(ctx, dep, patch)
}

// Built here, not fetched: nothing of the server's copy to lose.
func (r *WebReconciler) built(ctx context.Context, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	cm.Namespace, cm.Name = key.Namespace, key.Name
	cm.Data = map[string]string{"a": "b"}
	return r.Update(ctx, cm)
}

// Sent back unchanged.
func (r *WebReconciler) resend(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	return r.Update(ctx, dep)
}

// Changed before the fetch only (the key), not after.
func (r *WebReconciler) keyOnly(ctx context.Context, ns, name string) error {
	dep := &appsv1.Deployment{}
	dep.Namespace, dep.Name = ns, name
	if err := r.Get(ctx, client.ObjectKeyFromObject(dep), dep); err != nil {
		return err
	}
	return r.Update(ctx, dep)
}

// The second Update sends what the first read back, unchanged.
func (r *WebReconciler) twice(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	dep.Spec.Paused = true
	if err := r.Update(ctx, dep); err != nil { // want `Update writes the whole v1.Deployment`
		return err
	}
	return r.Update(ctx, dep)
}

// A status write: not the main resource.
func (r *WebReconciler) status(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	dep.Status.ObservedGeneration = dep.Generation
	return r.Status().Update(ctx, dep)
}

// Only the status changed: Update drops it, and so would a Patch; the
// wrong writer is statuswriter's finding, not this one.
func (r *WebReconciler) statusViaUpdate(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	dep.Status.ObservedGeneration = dep.Generation
	dep.Status.Conditions = append(dep.Status.Conditions, appsv1.DeploymentCondition{Type: appsv1.DeploymentProgressing})
	return r.Update(ctx, dep)
}

// Inside retry.RetryOnConflict: a conflict is retried with a fresh copy.
func (r *WebReconciler) retried(ctx context.Context, key types.NamespacedName) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		dep := &appsv1.Deployment{}
		if err := r.Get(ctx, key, dep); err != nil {
			return err
		}
		dep.Spec.Paused = true
		return r.Update(ctx, dep)
	})
}

// The re-created object after NotFound is built, the Update on the other
// branch is of a fetched and changed object, which the deployment
// controller also writes.
func (r *WebReconciler) createOrUpdate(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	err := r.Get(ctx, key, dep)
	if apierrors.IsNotFound(err) {
		dep = &appsv1.Deployment{}
		dep.Namespace, dep.Name = key.Namespace, key.Name
		return r.Create(ctx, dep)
	}
	if err != nil {
		return err
	}
	dep.Spec.Paused = true
	return r.Update(ctx, dep) // want `Update writes the whole v1.Deployment, whose status the deployment controller also writes`
}

// The twin: a ConfigMap this function creates when its fetch finds none
// (a get-or-create, without an owner reference, like a namespace
// singleton) is the operator's own, and nothing else writes ConfigMaps.
func (r *WebReconciler) createOrUpdateConfig(ctx context.Context, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	err := r.Get(ctx, key, cm)
	if apierrors.IsNotFound(err) {
		cm = &corev1.ConfigMap{Data: map[string]string{"a": "b"}}
		cm.Namespace, cm.Name = key.Namespace, key.Name
		return r.Create(ctx, cm)
	}
	if err != nil {
		return err
	}
	cm.Data = map[string]string{"a": "b"}
	return r.Update(ctx, cm)
}

// StoreReconciler holds its client in a field named client, which does
// not hide the client package from the fix.
type StoreReconciler struct {
	client client.Client
}

func (r *StoreReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Service{}).
		Owns(&appsv1.StatefulSet{}).
		Complete(r)
}

func (r *StoreReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sts := &appsv1.StatefulSet{}
	if err := r.client.Get(ctx, req.NamespacedName, sts); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if sts.Spec.Template.Annotations["example.com/restartedAt"] == "" {
		if sts.Spec.Template.Annotations == nil {
			sts.Spec.Template.Annotations = map[string]string{}
		}
		sts.Spec.Template.Annotations["example.com/restartedAt"] = "now"
		return ctrl.Result{}, r.client.Update(ctx, sts) // want `Update writes the whole v1.StatefulSet, whose status the statefulset controller also writes`
	}
	return ctrl.Result{}, nil
}

// NoModelReconciler is set up in no builder chain of this package: what
// it watches is unknown, so it is not reported by default.
type NoModelReconciler struct {
	Kube client.Client
}

func (r *NoModelReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	dep := &appsv1.Deployment{}
	if err := r.Kube.Get(ctx, req.NamespacedName, dep); err != nil {
		return ctrl.Result{}, err
	}
	dep.Spec.Paused = true
	return ctrl.Result{}, r.Kube.Update(ctx, dep)
}

// A function of no known controller, which a reconciler of another
// package may call: a Deployment's status is written by the deployment
// controller, so the type alone makes the conflict certain.
func Relabel(ctx context.Context, c client.Client, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := c.Get(ctx, key, dep); err != nil {
		return err
	}
	dep.Labels = map[string]string{"a": "b"}
	return c.Update(ctx, dep) // want `Update writes the whole v1.Deployment, whose status the deployment controller also writes`
}
