// Package viafact refers to Kubernetes only through a package of the
// module that does (its Kubernetes fact): its SSA is built.
package viafact

import "fixtures/kube"

// Name returns the key's name.
func Name() string { return kube.Key("ns", "n").Name } // want "src Name"
