package marks

func mark(string) {}

func F() {
	mark("a") // want `mark\("a"\)`
	mark("b") // want `mark\("b"\)`
}
