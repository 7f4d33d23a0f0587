// Package blindupdate defines an Analyzer that reports updates of objects
// built in the code and never read from the server, which carry no
// resourceVersion: the API server rejects them for custom resources and
// the built-in kinds whose strategy requires one.
//
// # Analyzer blindupdate
//
// blindupdate: report updates of objects built in the reconcile and never read, which carry no resourceVersion
//
// An Update (client Update, Status().Update, a subresource's Update, or a
// helper of the module that updates the object it is given) of an object
// the code built from nothing (a composite literal, new, a constructor of
// the module returning one), that was never read from the server nor
// written back by an earlier Create or Update, and whose resourceVersion
// nothing set (no store to ResourceVersion, no SetResourceVersion, no
// ObjectMeta copied from an object read). For a custom resource, and the
// built-in kinds whose registry strategy does not allow unconditional
// updates (Lease, CSINode, VolumeAttachment, CustomResourceDefinition),
// the API server answers every such call with 422 Invalid
// ("metadata.resourceVersion: Invalid value: 0: must be specified for an
// update") whenever the object exists. Get the object
// and change that copy, copy the resourceVersion of the object read, or
// use controllerutil.CreateOrUpdate, a Patch or server-side apply.
// ConfigMaps, Secrets and the other kinds that accept it are left alone.
package blindupdate
