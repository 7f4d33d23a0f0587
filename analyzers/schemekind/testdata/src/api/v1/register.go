package v1 // want package:`registered\(Frigate FrigateList\)`

// Dinghy is not registered: its package's AddToScheme does not add it.
func init() { SchemeBuilder.Register(&Frigate{}, &FrigateList{}) }
