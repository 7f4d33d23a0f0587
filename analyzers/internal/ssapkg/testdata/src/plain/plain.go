// Package plain refers to nothing of Kubernetes: no SSA is built, so its
// functions are not analysed.
package plain

import "strings"

// Upper is a string utility.
func Upper(s string) string { return strings.ToUpper(s) }

var _ = func() int { return 1 }()
