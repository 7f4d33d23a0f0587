package cleanupnotfound

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// CollectionReconciler deletes the children a collection holds, filled
// by a List in this run (hive's cdCollection.Delete of cds.ByName(name)):
// a child gone since is not listed again, so its NotFound does not stay.
type CollectionReconciler struct{ client.Client }

type children struct {
	byName map[string]*corev1.ConfigMap
}

func (cs *children) ByName(name string) *corev1.ConfigMap { return cs.byName[name] }

func (cs *children) Delete(ctx context.Context, c client.Client, name string) error {
	cm := cs.ByName(name)
	if cm == nil {
		return nil
	}
	return safeDelete(ctx, c, cm)
}

// safeDelete deletes obj as read (hive's controllerutils.SafeDelete, with
// a resourceVersion precondition).
func safeDelete(ctx context.Context, c client.Client, obj client.Object) error {
	rv := obj.GetResourceVersion()
	return c.Delete(ctx, obj, client.Preconditions{ResourceVersion: &rv})
}

func (r *CollectionReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp == nil {
		return ctrl.Result{}, nil
	}
	var list corev1.ConfigMapList
	if err := r.List(ctx, &list, client.InNamespace(app.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	cs := &children{byName: map[string]*corev1.ConfigMap{}}
	for i := range list.Items {
		cs.byName[list.Items[i].Name] = &list.Items[i]
	}
	for name := range cs.byName {
		if err := cs.Delete(ctx, r.Client, name); err != nil {
			return ctrl.Result{}, err
		}
	}
	// The same helper given an object named here, never read: gone, it
	// stays NotFound.
	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name}}
	if err := safeDelete(ctx, r.Client, secret); err != nil { // want `the NotFound error of a Delete in safeDelete is returned \(line 64\)`
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(app, fin)
	return ctrl.Result{}, r.Update(ctx, app)
}

// PDBReconciler deletes the children it lists through a helper given each
// item (oracle-database-operator's DeleteCRDPdb(ctx, req, &item, owner)):
// an item gone since is not listed again.
type PDBReconciler struct{ client.Client }

func (r *PDBReconciler) deleteChild(ctx context.Context, child *corev1.ConfigMap, owner *corev1.ConfigMap) error {
	if controllerutil.RemoveFinalizer(child, fin) {
		if err := r.Update(ctx, child); err != nil {
			return err
		}
	}
	return r.Delete(ctx, child)
}

func (r *PDBReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	owner := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, owner); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if owner.DeletionTimestamp == nil {
		return ctrl.Result{}, nil
	}
	var list corev1.ConfigMapList
	if err := r.List(ctx, &list, client.InNamespace(owner.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	for _, item := range list.Items {
		if err := r.deleteChild(ctx, &item, owner); err != nil {
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(owner, fin)
	return ctrl.Result{}, r.Update(ctx, owner)
}
