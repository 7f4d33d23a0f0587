// Package knowledge holds what the checks know about library functions,
// as data: one table, so that two checks cannot disagree on what a call
// does to the objects it is given.
//
// Today it answers which functions only read their operands (logging,
// errors, events, comparisons). A function of the user's module is not in
// it: the checks summarise those from their bodies.
package knowledge

import "go/types"

// readOnlyPackages are the packages every function and method of which
// only reads the objects it is given: they log, format, record events
// about, or compare them.
var readOnlyPackages = map[string]bool{
	"context":                                true,
	"errors":                                 true,
	"fmt":                                    true,
	"log":                                    true,
	"log/slog":                               true,
	"strconv":                                true,
	"strings":                                true,
	"github.com/go-logr/logr":                true,
	"github.com/google/go-cmp/cmp":           true,
	"github.com/pkg/errors":                  true,
	"go.uber.org/zap":                        true,
	"k8s.io/apimachinery/pkg/api/equality":   true,
	"k8s.io/client-go/tools/events":          true, // EventRecorder.Eventf reads regarding/related
	"k8s.io/client-go/tools/internal/events": true, // events.EventRecorder is an alias of its interface
	"k8s.io/client-go/tools/record":          true, // EventRecorder.Event* reads the object
	"k8s.io/klog":                            true,
	"k8s.io/klog/v2":                         true,
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil": true,
}

// readOnlyFuncs are single functions of other packages that only read
// their operands, by package path and name.
var readOnlyFuncs = map[[2]string]bool{
	{"k8s.io/apimachinery/pkg/api/meta", "FindStatusCondition"}:                                true,
	{"k8s.io/apimachinery/pkg/api/meta", "IsStatusConditionFalse"}:                             true,
	{"k8s.io/apimachinery/pkg/api/meta", "IsStatusConditionPresentAndEqual"}:                   true,
	{"k8s.io/apimachinery/pkg/api/meta", "IsStatusConditionTrue"}:                              true,
	{"sigs.k8s.io/controller-runtime/pkg/client", "ObjectKeyFromObject"}:                       true,
	{"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil", "ContainsFinalizer"}:      true,
	{"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil", "HasControllerReference"}: true,
	{"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil", "HasOwnerReference"}:      true,
	{"reflect", "DeepEqual"}: true,
	{"reflect", "TypeOf"}:    true,
}

// ReadsOnly reports whether fn, a function or method of a library, is
// known to leave the objects it is given (arguments and receiver) as they
// are.
func ReadsOnly(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	path := fn.Pkg().Path()
	return readOnlyPackages[path] || readOnlyFuncs[[2]string{path, fn.Name()}]
}
