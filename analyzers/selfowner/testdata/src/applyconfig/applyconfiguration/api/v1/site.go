// Package v1 mimics generated apply configurations.
package v1

import (
	metav1ac "k8s.io/client-go/applyconfigurations/meta/v1"
)

// SiteApplyConfiguration is the apply configuration of a Site.
type SiteApplyConfiguration struct {
	metav1ac.TypeMetaApplyConfiguration    `json:",inline"`
	*metav1ac.ObjectMetaApplyConfiguration `json:"metadata,omitempty"`
}

// Site constructs the apply configuration of a Site.
func Site(name, namespace string) *SiteApplyConfiguration {
	b := &SiteApplyConfiguration{ObjectMetaApplyConfiguration: &metav1ac.ObjectMetaApplyConfiguration{}}
	b.ObjectMetaApplyConfiguration.WithName(name)
	b.ObjectMetaApplyConfiguration.WithNamespace(namespace)
	b.TypeMetaApplyConfiguration.WithKind("Site")
	return b
}

// WithOwnerReferences adds owner references.
func (b *SiteApplyConfiguration) WithOwnerReferences(values ...*metav1ac.OwnerReferenceApplyConfiguration) *SiteApplyConfiguration {
	b.ObjectMetaApplyConfiguration.WithOwnerReferences(values...)
	return b
}

// WithLabels adds labels.
func (b *SiteApplyConfiguration) WithLabels(entries map[string]string) *SiteApplyConfiguration {
	b.ObjectMetaApplyConfiguration.WithLabels(entries)
	return b
}

// MirrorApplyConfiguration is the apply configuration of a Mirror.
type MirrorApplyConfiguration struct {
	metav1ac.TypeMetaApplyConfiguration    `json:",inline"`
	*metav1ac.ObjectMetaApplyConfiguration `json:"metadata,omitempty"`
}

// Mirror constructs the apply configuration of a Mirror.
func Mirror(name, namespace string) *MirrorApplyConfiguration {
	b := &MirrorApplyConfiguration{ObjectMetaApplyConfiguration: &metav1ac.ObjectMetaApplyConfiguration{}}
	b.ObjectMetaApplyConfiguration.WithName(name)
	b.ObjectMetaApplyConfiguration.WithNamespace(namespace)
	b.TypeMetaApplyConfiguration.WithKind("Mirror")
	return b
}

// WithOwnerReferences adds owner references.
func (b *MirrorApplyConfiguration) WithOwnerReferences(values ...*metav1ac.OwnerReferenceApplyConfiguration) *MirrorApplyConfiguration {
	b.ObjectMetaApplyConfiguration.WithOwnerReferences(values...)
	return b
}

// IsApplyConfiguration marks SiteApplyConfiguration as an apply configuration.
func (b SiteApplyConfiguration) IsApplyConfiguration() {}

// IsApplyConfiguration marks MirrorApplyConfiguration as an apply configuration.
func (b MirrorApplyConfiguration) IsApplyConfiguration() {}
