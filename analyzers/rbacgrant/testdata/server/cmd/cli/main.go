package main

import "fixtures/cli"

func main() {
	cli.Execute() // want `grants list, watch on configmaps .* of the manager made at cli.go:17 ` `grants update on secrets .* of the manager made at cli.go:31 `
}
