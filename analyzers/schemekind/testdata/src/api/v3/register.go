package v3 // want package:`registered\(Ketch KetchList\)`

func init() { SchemeBuilder.Register(&Ketch{}, &KetchList{}) }
