package v4 // want package:`registered\(Yawl YawlList\)`

func init() { SchemeBuilder.Register(&Yawl{}, &YawlList{}) }
