// Package managercache makes managers outside package main, each with
// other cache options: the fact of each function gives its manager's
// label selectors, by type, or says they are open.
package managercache

import (
	"os"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const managedBy = "app.kubernetes.io/managed-by"

// Literal: a selector of a constant set on Secrets, in the literal
// given to the call.
func Literal() error { // want Literal:`wiring\(manager\(managercache.go:\d+ cache\(Secret="app.kubernetes.io/managed-by=web"\)\)\)`
	_, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{
		Cache: cache.Options{
			ByObject: map[client.Object]cache.ByObject{
				&corev1.Secret{}: {Label: labels.SelectorFromSet(labels.Set{managedBy: "web"})},
			},
		},
	})
	return err
}

// Assembled: options filled field by field in variables, a parsed
// selector, a Set's AsSelector as the default, a ByObject entry with
// no Label (it takes the default) and a LabelSelector literal.
func Assembled() error { // want Assembled:`wiring\(manager\(managercache.go:\d+ cache\(ConfigMap="tier in \(a,b\)" Pod=default Service="app=web" default="team=x"\)\)\)`
	sel, _ := labels.Parse("tier in (b, a)")
	svc, _ := metav1.LabelSelectorAsSelector(&metav1.LabelSelector{MatchLabels: map[string]string{"app": "web"}})
	copts := cache.Options{ByObject: map[client.Object]cache.ByObject{}}
	copts.ByObject[&corev1.ConfigMap{}] = cache.ByObject{Label: sel}
	copts.ByObject[&corev1.Pod{}] = cache.ByObject{}
	copts.ByObject[&corev1.Service{}] = cache.ByObject{Label: svc}
	opts := ctrl.Options{}
	opts.Cache = copts
	opts.Cache.DefaultLabelSelector = labels.Set{"team": "x"}.AsSelector()
	_, err := ctrl.NewManager(ctrl.GetConfigOrDie(), opts)
	return err
}

// FromEnv: a selector read at run time is open.
func FromEnv() error { // want FromEnv:`wiring\(manager\(managercache.go:\d+ cache\(Secret=open\("the selector is not a constant one"\)\)\)\)`
	_, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{
		Cache: cache.Options{
			ByObject: map[client.Object]cache.ByObject{
				&corev1.Secret{}: {Label: labels.SelectorFromSet(labels.Set{managedBy: os.Getenv("NAME")})},
			},
		},
	})
	return err
}

// Loop: ByObject filled in a loop is open.
func Loop(objs []client.Object) error { // want Loop:`wiring\(manager\(managercache.go:\d+ cache\(open="ByObject is filled in a loop"\)\)\)`
	byObject := map[client.Object]cache.ByObject{}
	for _, o := range objs {
		byObject[o] = cache.ByObject{Label: labels.SelectorFromSet(labels.Set{managedBy: "web"})}
	}
	_, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{Cache: cache.Options{ByObject: byObject}})
	return err
}

// Built: options a function builds are open.
func Built() error { // want Built:`wiring\(manager\(managercache.go:\d+ cache\(open="the options are built by options"\)\)\)`
	_, err := ctrl.NewManager(ctrl.GetConfigOrDie(), options())
	return err
}

func options() ctrl.Options { return ctrl.Options{} }

// Handed: options given to a function that may change them are open.
func Handed() error { // want Handed:`wiring\(manager\(managercache.go:\d+ cache\(open="the options are handed to code that may change them"\)\)\)`
	opts := ctrl.Options{}
	tune(&opts)
	_, err := ctrl.NewManager(ctrl.GetConfigOrDie(), opts)
	return err
}

func tune(o *ctrl.Options) {}

// PerNamespace: a namespace config with a selector of its own is open.
func PerNamespace() error { // want PerNamespace:`wiring\(manager\(managercache.go:\d+ cache\(open="a namespace config sets a label selector of its own"\)\)\)`
	_, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{
		Cache: cache.Options{
			DefaultNamespaces: map[string]cache.Config{"ns": {LabelSelector: labels.Everything()}},
		},
	})
	return err
}

// Plain: no selector, no cache part.
func Plain() error { // want Plain:`wiring\(manager\(managercache.go:\d+\)\)`
	_, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{
		Cache: cache.Options{DefaultNamespaces: map[string]cache.Config{"ns": {}}},
	})
	return err
}
