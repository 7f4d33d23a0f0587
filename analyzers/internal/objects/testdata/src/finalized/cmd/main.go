package main // want package:`finalized\(fixtures/finalized/api.Defaulted fixtures/finalized/api.Foreground fixtures/finalized/api.Kept fixtures/finalized/api.Literal fixtures/finalized/api.Local fixtures/finalized/api.Meta fixtures/finalized/api.ViaHelper\)`

import (
	_ "fixtures/finalized/ctrl"
	_ "fixtures/finalized/webhook"
)

func main() {}
