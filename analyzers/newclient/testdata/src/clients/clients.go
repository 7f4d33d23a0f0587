// Package clients builds, or wraps, clients for the reconcilers of
// another package: its facts tell them which functions build one.
package clients

import (
	"context"
	"sync"

	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/kubeutil"
)

// Clientset builds a clientset itself.
func Clientset(cfg *rest.Config) (kubernetes.Interface, error) { // want Clientset:"constructsClient\\(kubernetes.NewForConfig\\)"
	return kubernetes.NewForConfig(cfg)
}

// Remote builds a client of a remote cluster from a kubeconfig, through
// an unexported function of the package.
func Remote(ctx context.Context, kubeconfig []byte) (client.Client, error) { // want Remote:"constructsClient\\(client.New\\)"
	cfg, err := clientcmd.RESTConfigFromKubeConfig(kubeconfig)
	if err != nil {
		return nil, err
	}
	return newClient(cfg)
}

func newClient(cfg *rest.Config) (client.Client, error) {
	return client.New(cfg, client.Options{})
}

// Factory builds through a method, and through another package.
type Factory struct {
	Config *rest.Config
}

func (f *Factory) Dynamic() (dynamic.Interface, error) { // want Dynamic:"constructsClient\\(dynamic.NewForConfig\\)"
	return kubeutil.Dynamic(f.Config)
}

// Generic builds in a generic function.
func Generic[T any](cfg *rest.Config) (client.Client, error) { // want Generic:"constructsClient\\(client.New\\)"
	return client.New(cfg, client.Options{})
}

// Twins: no fact.

// Namespaced wraps the client it is given: no new connection.
func Namespaced(c client.Client, ns string) client.Client {
	return client.NewNamespacedClient(c, ns)
}

// Cache builds each clientset once and keeps it.
type Cache struct {
	mu     sync.Mutex
	Config *rest.Config
	cs     kubernetes.Interface
}

func (c *Cache) Get() (kubernetes.Interface, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cs != nil {
		return c.cs, nil
	}
	cs, err := kubernetes.NewForConfig(c.Config)
	if err != nil {
		return nil, err
	}
	c.cs = cs
	return cs, nil
}

// Builder is a package-level variable: only its initialiser builds.
var Builder = sync.OnceValues(func() (kubernetes.Interface, error) {
	return kubernetes.NewForConfig(&rest.Config{})
})

// Suppressed builds on purpose, with a reason.
func Suppressed(cfg *rest.Config) (kubernetes.Interface, error) {
	//reconcilecheck:ignore newclient each call targets a new cluster and the caller caches the result
	return kubernetes.NewForConfig(cfg)
}
