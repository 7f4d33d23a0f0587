package crapi

import "go/types"

// Package paths of controller-runtime's fake client and of its
// interceptor wrapper.
const (
	FakePkg        = "sigs.k8s.io/controller-runtime/pkg/client/fake"
	InterceptorPkg = "sigs.k8s.io/controller-runtime/pkg/client/interceptor"
)

// FakeStep says what a call does in the making of a fake client.
type FakeStep int

const (
	// NotFake is any other call.
	NotFake FakeStep = iota
	// FakeNewBuilder is fake.NewClientBuilder(): a builder with nothing
	// registered.
	FakeNewBuilder
	// FakeConfigure is a method of *fake.ClientBuilder that returns its
	// receiver and leaves the status subresources alone (WithScheme,
	// WithObjects, WithIndex...).
	FakeConfigure
	// FakeWithStatus is ClientBuilder.WithStatusSubresource(objs...): the
	// types of objs get a status subresource.
	FakeWithStatus
	// FakeBuild is ClientBuilder.Build(): the client.
	FakeBuild
	// FakeNewClient is fake.NewFakeClient(objs...): a client built with
	// nothing given to WithStatusSubresource.
	FakeNewClient
	// FakeIntercept is interceptor.NewClient(c, funcs): c, with some of its
	// methods intercepted.
	FakeIntercept
)

// fakeBuilderMethods are the methods of *fake.ClientBuilder of
// controller-runtime v0.25. A method not listed (a later release's) is
// NotFake: the chain is then not known, and checks keep their default.
var fakeBuilderMethods = map[string]FakeStep{
	"WithScheme":                       FakeConfigure,
	"WithRESTMapper":                   FakeConfigure,
	"WithObjects":                      FakeConfigure,
	"WithLists":                        FakeConfigure,
	"WithRuntimeObjects":               FakeConfigure,
	"WithObjectTracker":                FakeConfigure,
	"WithGlobalResourceVersionCounter": FakeConfigure,
	"WithIndex":                        FakeConfigure,
	"WithInterceptorFuncs":             FakeConfigure,
	"WithTypeConverters":               FakeConfigure,
	"WithReturnManagedFields":          FakeConfigure,
	"WithStatusSubresource":            FakeWithStatus,
	"Build":                            FakeBuild,
}

// FakeStepOf says what a call of fn does in the making of a fake client.
func FakeStepOf(fn *types.Func) FakeStep {
	if fn == nil || fn.Pkg() == nil {
		return NotFake
	}
	switch fn.Pkg().Path() {
	case FakePkg:
		if recv := fn.Signature().Recv(); recv != nil {
			if IsNamed(recv.Type(), FakePkg, "ClientBuilder") {
				return fakeBuilderMethods[fn.Name()]
			}
			return NotFake
		}
		switch fn.Name() {
		case "NewClientBuilder":
			return FakeNewBuilder
		case "NewFakeClient":
			return FakeNewClient
		}
	case InterceptorPkg:
		if fn.Name() == "NewClient" && fn.Signature().Recv() == nil {
			return FakeIntercept
		}
	}
	return NotFake
}

// fakeInTreeStatus lists the built-in types the fake client always gives
// a status subresource (inTreeResourcesWithStatus in its client.go), by
// the package of their group and version: for every other type not given
// to WithStatusSubresource, its Update and Patch store .status and its
// status writer answers NotFound.
var fakeInTreeStatus = map[string][]string{
	"k8s.io/api/core/v1":         {"Namespace", "Node", "PersistentVolumeClaim", "PersistentVolume", "Pod", "ReplicationController", "Service"},
	"k8s.io/api/apps/v1":         {"Deployment", "DaemonSet", "ReplicaSet", "StatefulSet"},
	"k8s.io/api/autoscaling/v1":  {"HorizontalPodAutoscaler"},
	"k8s.io/api/batch/v1":        {"CronJob", "Job"},
	"k8s.io/api/certificates/v1": {"CertificateSigningRequest"},
	"k8s.io/api/networking/v1":   {"Ingress", "NetworkPolicy"},
	"k8s.io/api/policy/v1":       {"PodDisruptionBudget"},
	"k8s.io/api/storage/v1":      {"VolumeAttachment"},
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1": {"CustomResourceDefinition"},
	"k8s.io/api/flowcontrol/v1beta2":                           {"FlowSchema", "PriorityLevelConfiguration"},
	"k8s.io/api/flowcontrol/v1":                                {"FlowSchema", "PriorityLevelConfiguration"},
}

// FakeInTreeStatus reports whether the fake client gives the named type t
// (or a pointer to it) a status subresource whatever the builder was told:
// one of the built-in types it knows to have one.
func FakeInTreeStatus(t types.Type) bool {
	n := Named(t)
	if n == nil || n.Obj().Pkg() == nil {
		return false
	}
	for _, name := range fakeInTreeStatus[n.Obj().Pkg().Path()] {
		if name == n.Obj().Name() {
			return true
		}
	}
	return false
}

// FakeHasStatusSubresources reports whether the fake package fake (as the
// analysed code imports it) serves status subresources at all: it has
// ClientBuilder.WithStatusSubresource (controller-runtime v0.15 on).
// Before, its Update stored everything, status included, and its status
// writer wrote the whole object.
func FakeHasStatusSubresources(fake *types.Package) bool {
	if fake == nil {
		return true
	}
	tn, ok := fake.Scope().Lookup("ClientBuilder").(*types.TypeName)
	if !ok {
		return true
	}
	m, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, fake, "WithStatusSubresource")
	return m != nil
}
