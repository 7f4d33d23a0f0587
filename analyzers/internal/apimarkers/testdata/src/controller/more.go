package controller

// A marker anywhere in a file of the package counts, as for controller-gen.
// +kubebuilder:rbac:groups=batch,resources=jobs,verbs=create
