package owners

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// AppReconciler reconciles App objects.
type AppReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Bad: the owner is passed twice, through controllerutil and the ctrl alias.
func (r *AppReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	dep := newDeployment(app)
	if err := controllerutil.SetControllerReference(app, app, r.Scheme); err != nil { // want `SetControllerReference gives app an owner reference to itself: the reference is useless.*pass the child object as the controlled argument`
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, dep); err != nil {
		return ctrl.Result{}, err
	}

	svc := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: app.Name, Namespace: app.Namespace}}
	if err := ctrl.SetControllerReference(app, app, r.Scheme); err != nil { // want `SetControllerReference gives app an owner reference to itself`
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, svc); err != nil {
		return ctrl.Result{}, err
	}

	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: app.Name + "-config", Namespace: app.Namespace}}
	if err := controllerutil.SetOwnerReference(app, app, r.Scheme); err != nil { // want `SetOwnerReference gives app an owner reference to itself:.*as the owned argument`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, cm)
}

// Good: the owner and the child it creates.
func (r *AppReconciler) reconcileChildren(ctx context.Context, app *App) error {
	dep := newDeployment(app)
	if err := ctrl.SetControllerReference(app, dep, r.Scheme); err != nil {
		return err
	}
	if err := r.Create(ctx, dep); err != nil {
		return err
	}
	svc := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: app.Name, Namespace: app.Namespace}}
	if err := controllerutil.SetOwnerReference(app, svc, r.Scheme); err != nil {
		return err
	}
	return r.Create(ctx, svc)
}

func newDeployment(app *App) *appsv1.Deployment {
	return &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: app.Name, Namespace: app.Namespace}}
}

// Bad: the owner in an interface variable is still the owner.
func (r *AppReconciler) ownViaInterface(app *App) error {
	var obj client.Object = app
	return controllerutil.SetControllerReference(app, obj, r.Scheme) // want `SetControllerReference gives obj an owner reference to app, which is the same object \(the same value\)`
}

// Bad: a helper that makes its argument its own owner.
func (r *AppReconciler) ensureOwned(obj client.Object) error {
	return controllerutil.SetControllerReference(obj, obj, r.Scheme) // want `SetControllerReference gives obj an owner reference to itself`
}

// Good: a helper taking owner and owned apart; the call sites decide.
func (r *AppReconciler) own(owner, obj client.Object) error {
	return controllerutil.SetControllerReference(owner, obj, r.Scheme)
}

// FetchTwiceReconciler fetches its object twice.
type FetchTwiceReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Bad: two variables, one object: both are fetched with the request's key.
func (r *FetchTwiceReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	parent := &App{}
	if err := r.Get(ctx, req.NamespacedName, parent); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	latest := &App{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: req.Namespace, Name: req.Name}, latest); err != nil {
		return ctrl.Result{}, err
	}
	if err := controllerutil.SetControllerReference(parent, latest, r.Scheme); err != nil { // want `SetControllerReference gives latest an owner reference to parent, which is the same object \(both are fetched with the same key\)`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Update(ctx, latest)
}

// RefetchReconciler re-reads its object by its own key.
type RefetchReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Bad: a re-fetch by client.ObjectKeyFromObject is the same object.
func (r *RefetchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	fresh := &App{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(&app), fresh); err != nil {
		return ctrl.Result{}, err
	}
	if err := controllerutil.SetControllerReference(&app, fresh, r.Scheme); err != nil { // want `SetControllerReference gives fresh an owner reference to &app, which is the same object \(one is re-fetched with client.ObjectKeyFromObject of the other\)`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Update(ctx, fresh)
}

// GuestbookReconciler fetches the parent and its Deployment, named alike.
type GuestbookReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Good: one key, two types: the App and the Deployment named after it are
// two objects.
func (r *GuestbookReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, dep); err != nil {
		return ctrl.Result{}, err
	}
	if err := controllerutil.SetControllerReference(app, dep, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Update(ctx, dep)
}

// ParentReconciler links an App to its parent App.
type ParentReconciler struct {
	client.Client
	Scheme          *runtime.Scheme
	SharedNamespace string
}

// Good: two Apps of one type fetched with different keys.
func (r *ParentReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	parent := &App{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: req.Namespace, Name: app.Spec.Parent}, parent); err != nil {
		return ctrl.Result{}, err
	}
	if err := controllerutil.SetOwnerReference(parent, app, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	// Same name, another namespace: another object.
	shared := &App{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: r.SharedNamespace, Name: req.Name}, shared); err != nil {
		return ctrl.Result{}, err
	}
	if err := controllerutil.SetOwnerReference(shared, app, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Update(ctx, app)
}

// ReusedKeyReconciler reuses one key variable for two objects.
type ReusedKeyReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Good: the key variable names another object by the second Get.
func (r *ReusedKeyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	key := types.NamespacedName{Namespace: req.Namespace, Name: req.Name}
	app := &App{}
	if err := r.Get(ctx, key, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	key.Name = app.Spec.Parent
	parent := &App{}
	if err := r.Get(ctx, key, parent); err != nil {
		return ctrl.Result{}, err
	}
	if err := controllerutil.SetOwnerReference(parent, app, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Update(ctx, app)
}

// CopyReconciler creates copies of its object.
type CopyReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Bad: a DeepCopy has the owner's name and UID.
func (r *CopyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	updated := app.DeepCopy()
	updated.Spec.Replicas = 3
	updated.Labels = map[string]string{"app": app.Name}
	if err := controllerutil.SetControllerReference(app, updated, r.Scheme); err != nil { // want `SetControllerReference gives updated an owner reference to app, which is the same object \(a DeepCopy keeps the name and UID\)`
		return ctrl.Result{}, err
	}
	if err := r.Update(ctx, updated); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.reconcileClones(ctx, app)
}

// Good: copies renamed, or given fresh metadata, are other objects.
func (r *CopyReconciler) reconcileClones(ctx context.Context, app *App) error {
	clone := app.DeepCopy()
	clone.Name = app.Name + "-clone"
	clone.ResourceVersion = ""
	clone.UID = ""
	if err := controllerutil.SetControllerReference(app, clone, r.Scheme); err != nil {
		return err
	}
	if err := r.Create(ctx, clone); err != nil {
		return err
	}

	snapshot := app.DeepCopy()
	snapshot.ObjectMeta = metav1.ObjectMeta{GenerateName: app.Name + "-", Namespace: app.Namespace}
	if err := controllerutil.SetControllerReference(app, snapshot, r.Scheme); err != nil {
		return err
	}
	if err := r.Create(ctx, snapshot); err != nil {
		return err
	}

	renamed := app.DeepCopyObject().(*App)
	renamed.SetName(app.Name + "-next")
	renamed.SetUID("")
	if err := controllerutil.SetControllerReference(app, renamed, r.Scheme); err != nil {
		return err
	}
	if err := r.Create(ctx, renamed); err != nil {
		return err
	}

	// Handed to a function that may rename it: not provably the same.
	prepared := app.DeepCopy()
	prepareClone(prepared)
	if err := controllerutil.SetControllerReference(app, prepared, r.Scheme); err != nil {
		return err
	}
	return r.Create(ctx, prepared)
}

func prepareClone(a *App) {
	a.Name += "-prepared"
	a.UID = ""
}

// ListReconciler adopts the Apps of a namespace.
type ListReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Good: the list's items are other objects than the owner; the child is
// chosen on a branch.
func (r *ListReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var list appsv1.DeploymentList
	if err := r.List(ctx, &list, client.InNamespace(req.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	for i := range list.Items {
		if err := controllerutil.SetControllerReference(app, &list.Items[i], r.Scheme); err != nil {
			return ctrl.Result{}, err
		}
	}
	var child client.Object = newDeployment(app)
	if app.Spec.Replicas == 0 {
		child = &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: app.Name, Namespace: app.Namespace}}
	}
	if err := controllerutil.SetControllerReference(app, child, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, child)
}

// adopter carries the objects of one adoption.
type adopter struct {
	client.Client
	scheme *runtime.Scheme
	owner  *App
	child  *App
}

// Bad: one field passed twice.
func (a *adopter) adoptSelf() error {
	return controllerutil.SetControllerReference(a.owner, a.owner, a.scheme) // want `SetControllerReference gives a.owner an owner reference to itself`
}

// Good: two fields.
func (a *adopter) adopt(ctx context.Context) error {
	if err := controllerutil.SetControllerReference(a.owner, a.child, a.scheme); err != nil {
		return err
	}
	return a.Update(ctx, a.child)
}
