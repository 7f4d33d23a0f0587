// Package eventsapi records with the events API recorder
// (mgr.GetEventRecorder, client-go's tools/events), whose events.k8s.io/v1
// events the API server validates strictly: an empty or too long reason or
// action, and a recorder name that is not a qualified name, make it reject
// the event. The old recorder's core events are not checked so: its twins
// are silent.
package eventsapi

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/events"
	"k8s.io/client-go/tools/record"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/recorder"

	"fixtures/notify"
)

// ActionNone is the module's own constant for "no action".
const ActionNone = ""

type Reconciler struct {
	client.Client
	Recorder recorder.EventRecorder
	Events   events.EventRecorder
	Old      record.EventRecorder
	Adapter  *record.EventRecorderAdapter
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	r.Recorder.Eventf(&cm, nil, corev1.EventTypeNormal, "Synced", "", "synced %s", cm.Name) // want `empty action given to the events API recorder: the API server rejects an events.k8s.io/v1 event without one \("action: Required value"\); client-go logs "Server rejected event" and drops it, so it never appears; name what the controller did or failed to do, such as "Reconcile"`
	r.Recorder.Eventf(&cm, nil, corev1.EventTypeNormal, "Synced", "Reconcile", "synced %s", cm.Name)
	r.Recorder.Eventf(&cm, nil, corev1.EventTypeWarning, "", "Reconcile", "failed") // want `empty reason given to the events API recorder: .*\("reason: Required value"\); .*; give one in UpperCamelCase`
	r.Recorder.Eventf(&cm, nil, corev1.EventTypeWarning, "ReconcileFailed", "Reconcile", "failed")
	r.Recorder.AnnotatedEventf(&cm, nil, map[string]string{"a": "b"}, corev1.EventTypeNormal, "Synced", ActionNone, "") // want `empty action given to the events API recorder`
	r.Recorder.AnnotatedEventf(&cm, nil, map[string]string{"a": "b"}, corev1.EventTypeNormal, "Synced", "Sync", "")
	r.Events.Eventf(&cm, nil, corev1.EventTypeNormal, "Synced", "", "") // want `empty action given to the events API recorder`
	r.Events.Eventf(&cm, nil, corev1.EventTypeNormal, "Synced", "Sync", "")
	r.Events.Eventf(&cm, nil, corev1.EventTypeNormal, "Synced", long, "") // want `action "Reconcile(Reconcile)+" of the events API recorder: the API server rejects an events.k8s.io/v1 event whose action has more than 128 characters; .*; shorten it, and put the details in the note`
	r.Events.Eventf(&cm, nil, corev1.EventTypeNormal, "Synced", fits, "")
	// An action chosen at run time is not judged.
	action := ""
	if cm.Data != nil {
		action = "Update"
	}
	r.Recorder.Eventf(&cm, nil, corev1.EventTypeNormal, "Synced", action, "")
	// The old recorder's core events have no action, and the API server
	// does not require their reason; record's adapter hands the event to
	// one.
	r.Old.Event(&cm, corev1.EventTypeNormal, "", "synced")
	r.Adapter.Eventf(&cm, nil, corev1.EventTypeNormal, "", "", "")
	// An event the recorder drops for its type never reaches the API
	// server: only the type is reported.
	r.Recorder.Eventf(&cm, nil, "Error", "Failed", "", "") // want `"Error" is not an event type the recorder accepts`
	// Helpers of another package, through facts.
	notify.Act(r.Events, &cm, "Synced", "") // want `notify.Act gives "" to the events API recorder as the action: the API server rejects an events.k8s.io/v1 event without one`
	notify.Act(r.Events, &cm, "Synced", "Sync")
	return ctrl.Result{}, nil
}

// long is an action of 135 characters; fits, one of 126.
const (
	nine = "Reconcile"
	long = nine + nine + nine + nine + nine + nine + nine + nine + nine + nine + nine + nine + nine + nine + nine
	fits = nine + nine + nine + nine + nine + nine + nine + nine + nine + nine + nine + nine + nine + nine
)

// The recorder names: the events API recorder's must be a qualified name,
// short enough for reportingInstance; the old recorder's is not checked.
func setup(mgr manager.Manager, cs kubernetes.Interface, scheme *runtime.Scheme, name string) *Reconciler {
	r := &Reconciler{
		Client:   mgr.GetClient(),
		Recorder: mgr.GetEventRecorder("guestbook controller"), // want `recorder name "guestbook controller" is not a qualified name \(name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character\): the API server rejects every event the recorder records, as its reportingController or reportingInstance; client-go logs "Server rejected event" and drops them, so none appears; use a short qualified name such as "guestbook-controller" or "example.com/guestbook"`
		Old:      mgr.GetEventRecorderFor("guestbook controller"),
	}
	r.Recorder = mgr.GetEventRecorder("guestbook-controller")
	r.Recorder = mgr.GetEventRecorder("example.com/guestbook")
	r.Recorder = mgr.GetEventRecorder("example.com/guestbook/backup") // want `recorder name "example.com/guestbook/backup" is not a qualified name`
	r.Recorder = mgr.GetEventRecorder(domain + "/guestbook")          // want `recorder name "(example-)+example.com/guestbook" is too long \(141 characters\): reportingInstance, the name, "-" and the host name, exceeds the 128 characters the API server allows`
	r.Recorder = mgr.GetEventRecorder("example-example-example.com/guestbook")
	r.Recorder = mgr.GetEventRecorder(name)
	adapter := events.NewEventBroadcasterAdapter(cs)
	r.Events = adapter.NewRecorder("Guestbook Backup") // want `recorder name "Guestbook Backup" is not a qualified name`
	r.Events = adapter.NewRecorder("guestbook-backup")
	broadcaster := events.NewBroadcaster(&events.EventSinkImpl{Interface: cs.EventsV1()})
	r.Events = broadcaster.NewRecorder(scheme, "guestbook/") // want `recorder name "guestbook/" is not a qualified name`
	r.Events = broadcaster.NewRecorder(scheme, "guestbook")
	r.Old = adapter.DeprecatedNewLegacyRecorder("guestbook backup")
	r.Events = notify.NewRecorder(mgr, "guestbook backup") // want `notify.NewRecorder gives the events API recorder the name "guestbook backup", which is not a qualified name`
	r.Events = notify.NewRecorder(mgr, "guestbook-backup")
	r.Old = notify.NewOldRecorder(mgr, "guestbook backup")
	return r
}

// domain is a DNS subdomain of 131 characters: a prefix the qualified name
// allows, too long for reportingInstance with any name after it.
const domain = "example-example-example-example-example-example-example-example-example-example-example-example-example-example-example-example.com"
