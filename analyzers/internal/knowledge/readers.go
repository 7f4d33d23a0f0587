package knowledge

import "go/types"

// Reader is a library function that returns, as result Result, an object
// it read from the server through the client it is given (or nil): the
// caller holds the server's copy, as after its own Get. The object layer
// reads it as a fetch (a Patch with client.Merge of it sends the whole
// object as read; an Update of it carries the resourceVersion read).
type Reader struct {
	Pkg, Name string
	Result    int
}

// capiUtil is cluster-api's util package. Not a dependency of this
// module: the rows are matched by path (the test builds the functions).
const capiUtil = "sigs.k8s.io/cluster-api/util"

// readers: each row read in the library's source (cluster-api v1.12.1,
// util/util.go): the function Gets the object into a new value with the
// client given and returns it, or nil (GetOwner* when no owner of the
// kind is found, GetMachineIfExists when it is not found).
var readers = []Reader{
	{capiUtil, "GetOwnerCluster", 0},
	{capiUtil, "GetClusterByName", 0},
	{capiUtil, "GetClusterFromMetadata", 0},
	{capiUtil, "GetOwnerMachine", 0},
	{capiUtil, "GetMachineByName", 0},
	{capiUtil, "GetMachineIfExists", 0},
	{capiUtil, "GetOwnerMachinePool", 0},
	{capiUtil, "GetMachinePoolByName", 0},
	{capiUtil, "GetMachinePoolByLabels", 0},
}

// Readers returns the table, for tests.
func Readers() []Reader { return append([]Reader(nil), readers...) }

// ReadResult returns the result of the package-level function fn that is
// an object it read from the server, when fn is a row of the table.
func ReadResult(fn *types.Func) (int, bool) {
	row, ok := lookupMember(readers, fn, func(r Reader) (string, string, string) { return r.Pkg, "", r.Name })
	return row.Result, ok
}
