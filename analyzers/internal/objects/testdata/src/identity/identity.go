package identity

import (
	"context"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"fixtures/probe"
)

// Objects of one type fetched with one key are one object; of two types,
// two.
func Refetch(ctx context.Context, c client.Client, key types.NamespacedName) {
	a := &appsv1.Deployment{}
	_ = c.Get(ctx, key, a)
	b := &appsv1.Deployment{}
	_ = c.Get(ctx, key, b)
	probe.Same(a, b) // want `same`

	svc := &corev1.Service{}
	_ = c.Get(ctx, key, svc)
	probe.Same(a, svc) // want `different`

	d := &appsv1.Deployment{}
	_ = c.Get(ctx, client.ObjectKeyFromObject(a), d)
	probe.Same(a, d) // want `same`

	e := &appsv1.Deployment{}
	_ = c.Get(ctx, types.NamespacedName{Namespace: key.Namespace, Name: "other"}, e)
	probe.Same(a, e) // want `different`
}

// Keys are compared by where their name and namespace come from: the
// request's key and a literal of its fields name one object, a literal
// with another namespace does not, nor does a key variable once it is
// given another name.
func KeySources(ctx context.Context, c client.Client, req reconcile.Request) {
	a := &appsv1.Deployment{}
	_ = c.Get(ctx, req.NamespacedName, a)
	b := &appsv1.Deployment{}
	_ = c.Get(ctx, types.NamespacedName{Namespace: req.Namespace, Name: req.Name}, b)
	probe.Same(a, b) // want `same`

	g := &appsv1.Deployment{}
	_ = c.Get(ctx, types.NamespacedName{Namespace: "kube-system", Name: req.Name}, g)
	probe.Same(a, g) // want `different`

	key := req.NamespacedName
	h := &appsv1.Deployment{}
	_ = c.Get(ctx, key, h)
	key = types.NamespacedName{Namespace: req.Namespace, Name: "other"}
	i := &appsv1.Deployment{}
	_ = c.Get(ctx, key, i)
	probe.Same(h, i) // want `different`
}

// Two variables read by one key are one object on the server, two in
// memory; a pointer copied or converted is one in memory.
func Aliases(ctx context.Context, c client.Client, req reconcile.Request) {
	a := &appsv1.Deployment{}
	_ = c.Get(ctx, req.NamespacedName, a)
	b := &appsv1.Deployment{}
	_ = c.Get(ctx, req.NamespacedName, b)
	probe.Alias(a, b) // want `not aliased`
	var o client.Object = a
	probe.Alias(o, a) // want `^aliased`
	var d appsv1.Deployment
	_ = c.Get(ctx, req.NamespacedName, &d)
	probe.Alias(&d, &d) // want `^aliased`
}

// Addresses computed the same way are one object; other elements are not.
func Items(list *appsv1.DeploymentList, i int) {
	probe.Same(&list.Items[i], &list.Items[i]) // want `same`
	probe.Same(&list.Items[0], &list.Items[0]) // want `same`
	probe.Same(&list.Items[0], &list.Items[1]) // want `different`
}

// Conversions keep the object; a deep copy is another.
func Conversions(obj *appsv1.Deployment) {
	var o client.Object = obj
	probe.Same(o, obj) // want `same`
	back := o.(*appsv1.Deployment)
	probe.Same(back, obj) // want `same`
	cp := obj.DeepCopy()
	probe.Same(cp, obj) // want `different`
}

// A variable captured by a closure is reloaded at every use: one object.
func Captured(ctx context.Context, c client.Client, key types.NamespacedName) *appsv1.Deployment {
	var dep *appsv1.Deployment
	_ = func() error {
		probe.Same(dep, dep) // want `same`
		return c.Get(ctx, key, dep)
	}()
	dep = &appsv1.Deployment{}
	return dep
}

func newConfigMap(name string) *corev1.ConfigMap {
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: name}}
}

// newSecret's literal calls a function: go/ssa builds it aside and copies
// it whole into the variable.
func newSecret(name string) *corev1.Secret {
	s := corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: name}, Data: map[string][]byte{"key": []byte(strings.ToUpper(name))}}
	s.Labels = map[string]string{"made": "here"}
	return &s
}

// The name an object is made with: stored in its literal, set later, or
// given to a constructor; unknown when set twice or by a constructor that
// takes it from elsewhere.
func Names(ctx context.Context, c client.Client, other string) {
	a := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "a"}}
	probe.Name(a) // want `name const:"a"`

	b := &corev1.ConfigMap{}
	b.Name = other
	probe.Name(b) // want `name @0x[0-9a-f]+`

	probe.Name(newConfigMap("made")) // want `name const:"made"`
	probe.Name(newSecret("aside"))   // want `name const:"aside"`

	d := &corev1.ConfigMap{}
	d.SetName("d")
	probe.Name(d) // want `name const:"d"`

	e := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "e"}}
	e.Name = "f"
	probe.Name(e) // want `name unknown`

	f := &corev1.ConfigMap{}
	_ = c.Get(ctx, client.ObjectKey{Name: "f"}, f)
	probe.Name(f) // want `name unknown`
}
