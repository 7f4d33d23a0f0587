package fakeclient

import (
	"context"
	"testing"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
)

// A test suite's client, set in its setup: only the package's tests can
// set a field of a type declared in a _test.go file.
type suite struct {
	t          *testing.T
	client     client.Client
	registered client.Client
}

func (s *suite) setup() {
	s.client = fake.NewClientBuilder().WithStatusSubresource(&Widget{}).Build()
	s.registered = fake.NewClientBuilder().WithStatusSubresource(&Gadget{}).Build()
}

func (s *suite) testGadgetStatus() {
	ctx := context.Background()
	g := &Gadget{ObjectMeta: meta}
	if err := s.client.Create(ctx, g); err != nil {
		s.t.Fatal(err)
	}
	g.Status.Phase = "Ready"
	if err := s.client.Update(ctx, g); err != nil {
		s.t.Fatal(err)
	}
}

// Twin: the suite's other client has Gadget's status subresource.
func (s *suite) testRegisteredGadgetStatus() {
	ctx := context.Background()
	g := &Gadget{ObjectMeta: meta}
	if err := s.registered.Create(ctx, g); err != nil {
		s.t.Fatal(err)
	}
	g.Status.Phase = "Ready"
	if err := s.registered.Update(ctx, g); err != nil { // want `only .Status of g was changed`
		s.t.Fatal(err)
	}
}

func TestSuite(t *testing.T) {
	s := &suite{t: t}
	s.setup()
	s.testGadgetStatus()
	s.testRegisteredGadgetStatus()
}
