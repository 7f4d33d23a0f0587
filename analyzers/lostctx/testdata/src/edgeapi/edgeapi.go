// Package edgeapi declares the interfaces of the module's clients of an
// edge platform, as openyurt's pkg/yurtiotdock/clients does; edgeimpl
// implements them, edgedock hands them out, edgecaller's reconcile calls
// them.
package edgeapi

import "context"

// DeviceClient is implemented by edgeimpl's client alone, which never
// uses its context (resty requests without SetContext).
type DeviceClient interface {
	Get(ctx context.Context, name string) (string, error)
	Delete(ctx context.Context, name string) error
}

// Reader and ReadWriter: a method of an embedded interface.
type Reader interface {
	Read(ctx context.Context, name string) (string, error)
}

type ReadWriter interface {
	Reader
	Write(ctx context.Context, name, value string) error
}

// Mixed has an implementation that ignores its context (edgeimpl) and
// one that uses it (edgecaller's).
type Mixed interface {
	Sync(ctx context.Context, name string) error
}

// Remote's only implementation uses its context.
type Remote interface {
	Fetch(ctx context.Context, name string) (string, error)
}

// Unknown's implementation, edgepoll's, ignores its context, but its
// package does not import this one: it is not known.
type Unknown interface {
	Poll(ctx context.Context, name string) error
}
