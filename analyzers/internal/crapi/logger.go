package crapi

import "go/types"

// IsLoggerVar reports whether v is one of controller-runtime's
// package-level function variables that get or store a logger
// (ctrl.LoggerFrom, ctrl.LoggerInto).
func IsLoggerVar(v *types.Var) bool {
	if v == nil || v.Pkg() == nil || v.Pkg().Path() != CtrlPkg {
		return false
	}
	return v.Name() == "LoggerFrom" || v.Name() == "LoggerInto"
}
