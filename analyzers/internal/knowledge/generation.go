package knowledge

import (
	"go/types"
	"path"
	"slices"
)

// GenerationRow lists the kinds of one API group (its package path
// without the version, as ScopeRow) whose objects the API server never
// gives a metadata.generation: their registry strategy neither sets it on
// create nor raises it on update, so it stays 0 for ever.
type GenerationRow struct {
	Group string
	Kinds []string
	// Source is the registry strategy read for the row (kubernetes/
	// kubernetes), for whoever checks it again.
	Source string
}

// The kinds whose strategy was read (kubernetes/kubernetes, 2026, 1.34
// to master); a kind not read is left out, so the check stays silent on
// it. HorizontalPodAutoscaler has none up to 1.36 but gets one behind the
// HPAGeneration gate (beta, on by default, in 1.37): left out.
var noGeneration = []GenerationRow{
	{kubernetesAPI + "core", []string{"ConfigMap", "Secret", "ServiceAccount", "Service", "Endpoints", "Namespace", "Node",
		"PersistentVolume", "PersistentVolumeClaim", "Event", "LimitRange", "ResourceQuota"},
		"pkg/registry/core/{configmap,secret,serviceaccount,service,endpoint,namespace,node,persistentvolume,persistentvolumeclaim,event,limitrange,resourcequota}/strategy.go"},
	{kubernetesAPI + "apps", []string{"ControllerRevision"}, "pkg/registry/apps/controllerrevision/strategy.go"},
	{kubernetesAPI + "coordination", []string{"Lease"}, "pkg/registry/coordination/lease/strategy.go"},
	{kubernetesAPI + "networking", []string{"IPAddress", "ServiceCIDR"}, "pkg/registry/networking/{ipaddress,servicecidr}/strategy.go"},
	{kubernetesAPI + "rbac", []string{"Role", "ClusterRoleBinding"}, "pkg/registry/rbac/{role,clusterrolebinding}/strategy.go"},
	{kubernetesAPI + "storage", []string{"StorageClass", "CSINode", "CSIStorageCapacity", "VolumeAttachment", "VolumeAttributesClass"},
		"pkg/registry/storage/{storageclass,csinode,csistoragecapacity,volumeattachment,volumeattributesclass}/strategy.go"},
	{kubernetesAPI + "node", []string{"RuntimeClass"}, "pkg/registry/node/runtimeclass/strategy.go"},
	{kubernetesAPI + "certificates", []string{"CertificateSigningRequest"}, "pkg/registry/certificates/certificates/strategy.go"},
	{kubernetesAPI + "resource", []string{"ResourceClaim", "ResourceClaimTemplate"}, "pkg/registry/resource/{resourceclaim,resourceclaimtemplate}/strategy.go"},
}

// NoGenerationRows returns the table, for tests.
func NoGenerationRows() []GenerationRow { return slices.Clone(noGeneration) }

// NoGeneration reports whether objects of type t (a built-in kind, or a
// pointer to one) never have a metadata.generation. Kinds outside the
// table, custom resources included (the API server raises theirs on
// every change but of metadata and status), are taken to have one.
func NoGeneration(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	group := path.Dir(n.Obj().Pkg().Path())
	for _, r := range noGeneration {
		if r.Group == group && slices.Contains(r.Kinds, n.Obj().Name()) {
			return true
		}
	}
	return false
}
