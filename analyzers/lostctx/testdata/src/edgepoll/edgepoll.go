// Package edgepoll implements edgeapi.Unknown without importing edgeapi:
// no package sees that it does.
package edgepoll

import "context"

type Poller struct{}

func (Poller) Poll(ctx context.Context, name string) error { return nil }
