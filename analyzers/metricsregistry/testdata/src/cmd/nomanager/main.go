// A tool without a manager: what it registers is its own business.
package main

import (
	"fmt"

	"fixtures/helpers"
	_ "fixtures/plainmetrics"
)

func main() {
	helpers.RegisterCollectors()
	fmt.Println("done")
}
