package lookalike

// gofmt puts a space after the // of a doc comment unless it reads as a
// directive (lower case, no space around the colon), so most look-alikes
// are written inside a function, where people write suppressions.

// reconcilecheck:ignore notfounderr the owner recreates it // want `this is not a directive: write //reconcilecheck:ignore <check> <reason> with no space after //$`
var a = 1

func f() (n int) {
	//	reconcilecheck:ignore notfounderr a tab is a space too // want `with no space after //$`
	n++
	//ReconcileCheck:ignore notfounderr capitalised // want `this is not a directive: .* in lower case$`
	n++
	//reconcilecheck:Ignore notfounderr capitalised verb // want `in lower case$`
	n++
	//reconcilecheck: ignore notfounderr space after the colon // want `with no space around the colon$`
	n++
	// RECONCILECHECK : IGNORE notfounderr all of it // want `with no space after //, with no space around the colon, in lower case$`
	n++
	n++ // reconcilecheck:ignore notfounderr trailing, as people write them // want `with no space after //$`
	// reconcilecheck:ignore // want `with no space after //$`
	n++

	// Twins that stay silent.

	//reconcilecheck:ignore notfounderr a proper directive (its check reports it if unused)
	n++
	// This is checked by reconcilecheck: ignore the noise it makes.
	n++
	// reconcilecheck ignores generated files.
	n++
	// The reconcilecheck:ignore directive needs a reason.
	n++
	// reconcilecheck:ignored is another word, not a directive.
	n++
	/* reconcilecheck:ignore notfounderr a block comment is never a directive */
	n++
	return n
}

var _ = f
