// Package immutablefield defines an Analyzer that reports a field the API
// server refuses to change, set on an object read from the server and
// written back (catalogue item E12).
//
// # Analyzer immutablefield
//
// immutablefield: report updates and patches that change a field the API server refuses to change
//
// A StatefulSet's spec beyond replicas, template, updateStrategy,
// persistentVolumeClaimRetentionPolicy, minReadySeconds, ordinals and
// revisionHistoryLimit (its selector, volumeClaimTemplates, serviceName,
// podManagementPolicy), the selector of a Deployment, ReplicaSet,
// DaemonSet or Job, a Job's pod template and a Service's clusterIP cannot
// change once the object exists: the API server compares the update with
// the stored object and refuses it when one of them differs. The check
// reports a store of such a field (or of the whole spec that holds it) into
// an object read from the server, between the read and its Update or
// Patch, or into the live object a CreateOrUpdate or CreateOrPatch mutate
// function is given; a helper of the module that sets one on an object
// it is given counts at its call. Setting the same value again is
// accepted; a different one (a changed storage size, a label added to the
// selector) fails on every reconcile. Set these fields only when creating
// the object (CreationTimestamp zero, ResourceVersion empty, the NotFound
// branch), or delete and recreate the object to change them.
package immutablefield
