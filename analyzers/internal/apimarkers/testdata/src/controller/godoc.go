package controller

// An rbac marker in a function's doc comment is not collected by
// controller-gen (only markers outside a godoc are package-level): no
// rule here.
//
// +kubebuilder:rbac:groups=policy,resources=poddisruptionbudgets,verbs=get
func inGodoc() {}
