// Package ownsnoowner defines an Analyzer that reports Owns(&T{}) in a
// controller builder chain whose reconciler creates T objects but never
// gives them a controller reference (catalogue item B5).
//
// # Analyzer ownsnoowner
//
// ownsnoowner: report Owns of a type the reconciler creates without a controller reference
//
// Owns(&T{}) maps the events of a T object to the object named by its
// controller reference (EnqueueRequestForOwner with OnlyControllerOwner;
// with builder.MatchEveryOwner, to every owner). A T created without one
// never maps back: changes to it, its deletion included, do not trigger a
// reconcile of its owner.
package ownsnoowner
