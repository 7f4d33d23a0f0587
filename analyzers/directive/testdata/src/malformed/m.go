package malformed

//reconcilecheck:ignore // want `needs a check name and a reason`
var a = 1

//reconcilecheck:ignore nosuchcheck because // want `names unknown check "nosuchcheck"`
var b = 2

//reconcilecheck:ignore notfounderr // want `notfounderr needs a reason after the check name`
var c = 3

//reconcilecheck:ignore notfounderr,other deliberate // want `names unknown check "other"`
var d = 4

// Well-formed: nothing to say here (its check reports it if unused).

//reconcilecheck:ignore notfounderr the object is recreated by its owner
var e = 5

//reconcilecheck:ignored is another word, not a directive
var f = 6
