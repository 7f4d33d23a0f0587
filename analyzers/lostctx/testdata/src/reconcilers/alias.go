package reconcilers

import "context"

// Ctx is spelled without package context in the files that use it.
type Ctx = context.Context
