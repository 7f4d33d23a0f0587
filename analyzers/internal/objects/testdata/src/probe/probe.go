// Package probe is called by the fixtures at the points where the test
// asks the object layer a question.
package probe

// Same asks whether a and b denote the same object.
func Same(a, b any) {}

// Part asks where v points into obj.
func Part(v, obj any) {}

// History asks what happened to obj since it was fetched, written or made.
func History(obj any) {}

// Name asks where the name of the object obj was made with comes from.
func Name(obj any) {}

// Since asks which events begin the history of obj in the function: where
// it was fetched, written or made.
func Since(obj any) {}

// Alias asks whether a and b are the same object in memory.
func Alias(a, b any) {}

// Made asks which fields obj was given since it was made: the changes of
// its history here, and those of the module's constructor that made it.
func Made(obj any) {}

// Converted asks whether v is a copy of obj in another form ("converted")
// or another object.
func Converted(v, obj any) {}

// Patch asks what text the patch p sends, when the code says it.
func Patch(p any) {}

// Skips asks, in a reconcile or a helper it returns through, whether a
// terminating object passes here before its deletion branch.
func Skips() {}

// Listing asks what the options of the List or DeleteAllOf whose error
// err is say: a namespace, labels, options not followed.
func Listing(err error) {}

// Writes asks whether the call whose error err is updates, patches or
// deletes on the server an item of list (or the list, given whole to a
// helper that writes its items).
func Writes(err error, list any) {}
