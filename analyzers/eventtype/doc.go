// Package eventtype defines an Analyzer that reports events recorded with
// a type the recorder drops (catalogue item D10), and events of the events
// API recorder that the API server rejects (catalogue item E7).
//
// # Analyzer eventtype
//
// eventtype: report an event client-go drops (a type not Normal or Warning) or the API server rejects (an events API event without action or reason, a bad recorder name)
//
// client-go's event recorders, the old one (record.EventRecorder,
// mgr.GetEventRecorderFor) and the new one (events.EventRecorder,
// mgr.GetEventRecorder), accept two event types, corev1.EventTypeNormal
// and corev1.EventTypeWarning: any other value is logged as "Unsupported
// event type" and the event is dropped, so it never reaches the API server
// and kubectl describe never shows it. The check reports a recorder call
// whose type argument is a constant other than "Normal" or "Warning"
// ("Error", "Info", "warning", a reason), and the call of a helper of the
// module (in this package or another) that gives its parameter to the
// recorder as the type, unchanged. When the reason argument holds "Normal"
// or "Warning", the two are swapped, and the fix swaps them back; a
// type spelt with other case, or a word for an error or for information,
// is replaced by the constant it means. A type computed at run time is not
// judged.
//
// The events API recorder (mgr.GetEventRecorder, client-go's
// tools/events) writes events.k8s.io/v1 events, which the API server
// validates strictly: it rejects an event with an empty reason or action,
// or one longer than 128 characters, and every event of a recorder whose
// name (its reportingController) is not a qualified name or is so long
// that reportingInstance, the name, "-" and the host name, exceeds 128
// characters. client-go logs "Server rejected event" and drops the event.
// The check reports such a constant reason or action, given to the
// recorder or to a helper that hands it on, and such a constant name given
// to mgr.GetEventRecorder or to client-go's events broadcasters'
// NewRecorder. The old recorder's core events are not validated so, and
// are not reported.
package eventtype
