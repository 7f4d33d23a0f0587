package main

import "fixtures/uncached"

func main() {
	_ = uncached.Run()
}
