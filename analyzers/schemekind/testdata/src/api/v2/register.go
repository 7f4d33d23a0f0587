package v2 // want package:`registered\(Sloop SloopList\)`

func init() { SchemeBuilder.Register(&Sloop{}, &SloopList{}) }
