package controller

import (
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// crdCleanup is a name another API defines: not the module's to rename,
// however it is spelt (Gateway API's GatewayClass finalizer is another).
const crdCleanup = apiextensionsv1.CustomResourceCleanupFinalizer

func protect(crd *apiextensionsv1.CustomResourceDefinition) {
	controllerutil.AddFinalizer(crd, crdCleanup)
	controllerutil.AddFinalizer(crd, apiextensionsv1.CustomResourceCleanupFinalizer)
}
