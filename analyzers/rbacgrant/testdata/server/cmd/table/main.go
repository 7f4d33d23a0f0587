package main

import "fixtures/table"

func main() {
	_ = table.Run() // want `grants list, watch on secrets \(group core\), which Get at reader.go:\d+ of the manager made at table.go:22 `
}
