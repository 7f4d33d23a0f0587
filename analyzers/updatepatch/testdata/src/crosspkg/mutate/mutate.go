// Package mutate holds helpers of the module that change the objects they
// are given, in a package of their own: updatepatch sees their changes
// through the object layer's summary facts.
package mutate

import (
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/log"
)

// SetMode changes the config map's data.
func SetMode(cm *corev1.ConfigMap, mode string) {
	if cm.Data == nil {
		cm.Data = map[string]string{}
	}
	cm.Data["mode"] = mode
}

// Describe only reads it.
func Describe(cm *corev1.ConfigMap) string {
	log.Log.Info("describing", "configmap", cm)
	return cm.Name + "/" + cm.Data["mode"]
}
