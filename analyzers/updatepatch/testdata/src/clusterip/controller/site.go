// Package controller is an operator that creates its children with a
// controller reference and later updates them whole. A ClusterIP or
// headless Service, a ConfigMap and a NetworkPolicy it owns have no other
// writer (the service controller writes the status of LoadBalancer
// Services only; the endpoints controllers write EndpointSlices, not the
// Service): silent. Its Deployment's status is the deployment
// controller's: reported.
package controller

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/clusterip/api"
)

type SiteReconciler struct {
	client.Client
}

func (r *SiteReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Site{}).
		Owns(&corev1.Service{}).
		Owns(&corev1.ConfigMap{}).
		Owns(&networkingv1.NetworkPolicy{}).
		Owns(&appsv1.Deployment{}).
		Complete(r)
}

func (r *SiteReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	site := &api.Site{}
	if err := r.Get(ctx, req.NamespacedName, site); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	for _, err := range []error{
		r.create(ctx, site, service(site)),
		r.create(ctx, site, headless(site)),
		r.create(ctx, site, config(site)),
		r.create(ctx, site, policy(site)),
		r.create(ctx, site, deployment(site)),
	} {
		if err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// create creates obj with a controller reference to the Site.
func (r *SiteReconciler) create(ctx context.Context, site *api.Site, obj client.Object) error {
	if err := controllerutil.SetControllerReference(site, obj, r.Scheme()); err != nil {
		return err
	}
	return client.IgnoreAlreadyExists(r.Create(ctx, obj))
}

func meta(site *api.Site, suffix string) metav1.ObjectMeta {
	return metav1.ObjectMeta{Namespace: site.Namespace, Name: site.Name + suffix}
}

// service is a ClusterIP Service: its type is left to the default.
func service(site *api.Site) *corev1.Service {
	return &corev1.Service{
		ObjectMeta: meta(site, ""),
		Spec:       corev1.ServiceSpec{Selector: map[string]string{"app": site.Name}},
	}
}

// headless is a headless Service, of type ClusterIP.
func headless(site *api.Site) *corev1.Service {
	return &corev1.Service{
		ObjectMeta: meta(site, "-peers"),
		Spec: corev1.ServiceSpec{
			Type:      corev1.ServiceTypeClusterIP,
			ClusterIP: corev1.ClusterIPNone,
			Selector:  map[string]string{"app": site.Name},
		},
	}
}

func config(site *api.Site) *corev1.ConfigMap {
	return &corev1.ConfigMap{ObjectMeta: meta(site, "-config"), Data: map[string]string{"image": site.Spec.Image}}
}

func policy(site *api.Site) *networkingv1.NetworkPolicy {
	return &networkingv1.NetworkPolicy{ObjectMeta: meta(site, "-deny")}
}

func deployment(site *api.Site) *appsv1.Deployment {
	return &appsv1.Deployment{ObjectMeta: meta(site, "")}
}

// Twins, not reported: the operator's own Service, ConfigMap and
// NetworkPolicy, which nothing else writes.

// relabelService updates the ClusterIP Service it created.
func (r *SiteReconciler) relabelService(ctx context.Context, key types.NamespacedName) error {
	svc := &corev1.Service{}
	if err := r.Get(ctx, key, svc); err != nil {
		return err
	}
	svc.Labels = map[string]string{"app": key.Name}
	return r.Update(ctx, svc)
}

// setPorts sets the ports of the headless Service.
func (r *SiteReconciler) setPorts(ctx context.Context, key types.NamespacedName) error {
	svc := &corev1.Service{}
	if err := r.Get(ctx, key, svc); err != nil {
		return err
	}
	svc.Spec.Ports = []corev1.ServicePort{{Name: "peer", Port: 7000}}
	return r.Update(ctx, svc)
}

// expose makes the Service a NodePort one, or keeps it ClusterIP: either
// way not a LoadBalancer.
func (r *SiteReconciler) expose(ctx context.Context, key types.NamespacedName, external bool) error {
	svc := &corev1.Service{}
	if err := r.Get(ctx, key, svc); err != nil {
		return err
	}
	typ := corev1.ServiceTypeClusterIP
	if external {
		typ = corev1.ServiceTypeNodePort
	}
	svc.Spec.Type = typ
	return r.Update(ctx, svc)
}

// rehash replaces the ConfigMap's data and its content hash.
func (r *SiteReconciler) rehash(ctx context.Context, key types.NamespacedName, data map[string]string, hash string) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	cm.Data = data
	cm.Annotations = map[string]string{"example.com/hash": hash}
	return r.Update(ctx, cm)
}

// allowIngress changes the NetworkPolicy.
func (r *SiteReconciler) allowIngress(ctx context.Context, key types.NamespacedName) error {
	np := &networkingv1.NetworkPolicy{}
	if err := r.Get(ctx, key, np); err != nil {
		return err
	}
	np.Spec.PolicyTypes = []networkingv1.PolicyType{networkingv1.PolicyTypeIngress}
	return r.Update(ctx, np)
}

// Reported: the deployment controller writes the status of the
// Deployment the operator owns.
func (r *SiteReconciler) setImage(ctx context.Context, key types.NamespacedName, image string) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	dep.Spec.Template.Spec.Containers[0].Image = image
	return r.Update(ctx, dep) // want `Update writes the whole v1.Deployment, whose status the deployment controller also writes`
}

// Reported: a Secret the operator does not create is somebody else's.
func (r *SiteReconciler) rotate(ctx context.Context, key types.NamespacedName) error {
	s := &corev1.Secret{}
	if err := r.Get(ctx, key, s); err != nil {
		return err
	}
	s.Data = map[string][]byte{"token": []byte("x")}
	return r.Update(ctx, s) // want `Update writes the whole v1.Secret, which other clients may also write`
}
