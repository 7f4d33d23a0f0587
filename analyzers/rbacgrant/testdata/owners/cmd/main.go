package main

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/controller"
)

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{}) // want `grants update on backups/finalizers \(group webapp.example.com\), which SetControllerReference \(owner Backup\) at controller.go:\d+ .*needs: with the OwnerReferencesPermissionEnforcement admission plugin` `grants update on restores/finalizers \(group webapp.example.com\), which a helper.s controller reference \(owner Restore\) at controller.go:\d+`
	if err != nil {
		return
	}
	_ = (&controller.GuestbookReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
	_ = (&controller.BackupReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
	_ = (&controller.RestoreReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
	_ = (&controller.ScheduleReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
}
