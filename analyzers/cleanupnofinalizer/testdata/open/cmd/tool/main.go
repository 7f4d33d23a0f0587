package main // want package:`cleanups\(api.Bucket at controller.go:20\)`

// A tool that imports the controller package but makes no manager: it
// runs no reconcile, and judges nothing.

import (
	"fmt"

	"fixtures/controller"
)

func main() {
	fmt.Println(controller.BucketReconciler{})
}
