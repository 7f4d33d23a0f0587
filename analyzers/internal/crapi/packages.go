package crapi

// Packages of controller-runtime, apimachinery and client-go the checks
// recognise calls and types of, besides those of crapi.go and
// fakeclient.go. A test loads each of them.
const (
	ManagerPkg    = "sigs.k8s.io/controller-runtime/pkg/manager"
	ClusterPkg    = "sigs.k8s.io/controller-runtime/pkg/cluster"
	ControllerPkg = "sigs.k8s.io/controller-runtime/pkg/controller"
	LogPkg        = "sigs.k8s.io/controller-runtime/pkg/log"
	SchemePkg     = "sigs.k8s.io/controller-runtime/pkg/scheme"
	// CachePkg holds cache.Options, whose DefaultNamespaces restrict
	// what a manager's cache lists.
	CachePkg = "sigs.k8s.io/controller-runtime/pkg/cache"

	// RuntimePkg holds runtime.Scheme.
	RuntimePkg = "k8s.io/apimachinery/pkg/runtime"
	// MetaV1Pkg holds ObjectMeta, metav1.Time and metav1.Now.
	MetaV1Pkg = "k8s.io/apimachinery/pkg/apis/meta/v1"
	// UnstructuredPkg holds unstructured.Unstructured.
	UnstructuredPkg = "k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	// ApplyMetaV1Pkg holds client-go's apply configurations of metav1's
	// types (OwnerReferenceApplyConfiguration).
	ApplyMetaV1Pkg = "k8s.io/client-go/applyconfigurations/meta/v1"
	// BatchV1Pkg holds batch/v1's Job, whose spec.selector the API server
	// generates with the Job's UID.
	BatchV1Pkg = "k8s.io/api/batch/v1"
)
