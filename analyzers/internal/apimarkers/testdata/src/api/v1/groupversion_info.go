// Package v1 contains API Schema definitions for the webapp v1 API group.
// +kubebuilder:object:generate=true
// +groupName=webapp.example.com
package v1
