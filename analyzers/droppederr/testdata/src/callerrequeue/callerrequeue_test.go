package callerrequeue

import (
	"context"
	"testing"
)

// A test calls the helper directly: the program's own callers still
// decide that it is retried.
func TestHandleUsers(t *testing.T) {
	if err := handleUsers(context.Background(), nil, "ns"); err != nil {
		t.Fatal(err)
	}
}
