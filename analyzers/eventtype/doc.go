// Package eventtype defines an Analyzer that reports events recorded with
// a type the recorder drops (catalogue item D10).
//
// # Analyzer eventtype
//
// eventtype: report an event whose type is not Normal or Warning, which client-go drops
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
package eventtype
