package crapi

import "golang.org/x/tools/go/ssa"

// GetClientOf recognises m.GetClient() on a manager or a cluster: it
// returns m.
func GetClientOf(call *ssa.Call) (ssa.Value, bool) {
	f := Callee(call.Common())
	if f == nil || f.Name() != "GetClient" || f.Pkg() == nil {
		return nil, false
	}
	if p := f.Pkg().Path(); p != ManagerPkg && p != ClusterPkg {
		return nil, false
	}
	return Receiver(call.Common()), true
}

// IsManagerStart recognises mgr.Start(ctx) on a manager.
func IsManagerStart(call ssa.CallInstruction) bool {
	f := Callee(call.Common())
	return f != nil && f.Name() == "Start" && f.Pkg() != nil && f.Pkg().Path() == ManagerPkg && f.Signature().Recv() != nil
}
