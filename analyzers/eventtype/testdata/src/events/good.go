package events

import (
	"errors"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

// Twins: the two types the recorder accepts, as constants, literals, or
// chosen at run time; a message or reason that reads like a type.
func report(rec record.EventRecorder, obj *corev1.ConfigMap, err error) {
	rec.Event(obj, corev1.EventTypeNormal, "Synced", "Error: none")
	rec.Event(obj, "Warning", "Error", err.Error())
	rec.Eventf(obj, corev1.EventTypeWarning, "Failed", "%v", errors.New("Info"))
	typ := corev1.EventTypeNormal
	if err != nil {
		typ = corev1.EventTypeWarning
	}
	rec.Event(obj, typ, "Reconciled", "done")
	rec.AnnotatedEventf(obj, map[string]string{"severity": "Error"}, corev1.EventTypeWarning, "Invalid", "bad")
}

// A method expression's arguments start with the receiver: "Info" is
// the level, not the type record's first parameter takes.
type level string

func (l level) record(typ string, rec record.EventRecorder, obj *corev1.ConfigMap) {
	rec.Event(obj, typ, string(l), "")
}

func viaMethodExpr(rec record.EventRecorder, obj *corev1.ConfigMap) {
	level.record("Info", corev1.EventTypeNormal, rec, obj)
}
