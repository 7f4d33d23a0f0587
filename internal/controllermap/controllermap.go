// Package controllermap is the controller map's schema (docs/map.md) and
// its renderings: what each binary of a module runs, per manager and
// controller. The vet tool's controllermap analyzer fills it in package
// main and reports it as JSON; the command merges what go vet reports for
// every binary and prints it as JSON, Mermaid or Graphviz DOT.
package controllermap

import (
	"cmp"
	"encoding/json"
	"io"
	"path/filepath"
	"slices"
	"strings"
)

// Category is the diagnostic category of the map's reports: the
// analyzer's one report per binary carries its Binary as JSON.
const Category = "controllermap"

// Map is the map of the binaries among the packages analysed.
type Map struct {
	Binaries []Binary `json:"binaries"`
}

// Binary is a package main that makes a manager (or calls into a package
// of the module that does).
type Binary struct {
	Package  string    `json:"package"`
	Managers []Manager `json:"managers"`
}

// Manager is one manager the binary runs, with what the code that runs
// with it sets up.
type Manager struct {
	// At is the NewManager call (file:line), or the call of package
	// main that reaches it in another package (Via then names the
	// NewManager call, file base name and line).
	At  string `json:"at"`
	Via string `json:"via,omitempty"`
	// Controllers are the controllers that code sets up, in the order
	// of their package path and position.
	Controllers []Controller `json:"controllers"`
	Webhooks    []Webhook    `json:"webhooks,omitempty"`
	RBAC        RBAC         `json:"rbac"`
}

// Controller is one controller-runtime builder chain completed with a
// reconciler.
type Controller struct {
	// Name is the controller's name: Named's constant, else the For
	// kind in lower case, as controller-runtime names it.
	Name string `json:"name"`
	// Reconciler is the reconciler's type, "path.Type"; "" when unknown.
	Reconciler string `json:"reconciler,omitempty"`
	// At is the chain's first call.
	At      string   `json:"at"`
	Sources []Source `json:"sources"`
	// EventFilters are the predicates of WithEventFilter: every source
	// passes them too.
	EventFilters []Predicate `json:"eventFilters,omitempty"`
	// Writes are the kinds its code writes through the manager's client
	// (the reconciler's methods and what they call), with the status
	// subresource and events recorded.
	Writes     []Write     `json:"writes,omitempty"`
	Finalizers []Finalizer `json:"finalizers,omitempty"`
	// RBAC is what its code needs of the role, marked where the markers
	// do not grant it.
	RBAC []Need `json:"rbac,omitempty"`
}

// Kind names an API kind; for an object type that is no known kind
// (unstructured, a dependency's type), Kind is empty and Type says it.
type Kind struct {
	Group    string `json:"group"` // "" for the core group
	Version  string `json:"version,omitempty"`
	Kind     string `json:"kind,omitempty"`
	Resource string `json:"resource,omitempty"`
	Type     string `json:"type,omitempty"`
}

// Source is a For, Owns, Watches, WatchesMetadata or WatchesRawSource
// call of a chain.
type Source struct {
	Method string `json:"method"`
	// Kind is the kind watched; nil for a raw source or an unknown type.
	Kind *Kind `json:"kind,omitempty"`
	// Handler is how an event becomes a request: "object" (the object
	// itself: For, EnqueueRequestForObject), "owner" (its owner: Owns,
	// EnqueueRequestForOwner), "mapFunc" (EnqueueRequestsFromMapFunc),
	// "custom" (another handler), "" for a raw source.
	Handler string `json:"handler,omitempty"`
	// OwnerKind is the owner type of an EnqueueRequestForOwner handler.
	OwnerKind  *Kind       `json:"ownerKind,omitempty"`
	Predicates []Predicate `json:"predicates,omitempty"`
	// Via is the helper of another package that makes the call
	// ("pkg.Func"): its predicates are not known.
	Via string `json:"via,omitempty"`
	At  string `json:"at"`
}

// Predicate is an event predicate: "generation", "label", "annotation",
// "resourceVersion" (controller-runtime's), "and", "or", "not" (with
// their operands when known), or "custom" (Type names its Go type when
// known: predicate.Funcs, a type of the module).
type Predicate struct {
	Kind     string      `json:"kind"`
	Type     string      `json:"type,omitempty"`
	Operands []Predicate `json:"operands,omitempty"`
}

// Write is what a controller writes of one kind: Verbs among create,
// update, patch, delete and deletecollection, Status among update and
// patch (the status subresource), Events "record" when it records events
// (Kind is then the Event kind of the recorder's API group). By lists the
// calls ("Create at file.go:12", file base names).
type Write struct {
	Kind   Kind     `json:"kind"`
	Verbs  []string `json:"verbs,omitempty"`
	Status []string `json:"status,omitempty"`
	Events bool     `json:"events,omitempty"`
	By     []string `json:"by"`
}

// Finalizer is a finalizer the controller's code adds or removes on
// objects of a kind. Name is "" when not a constant (a list replaced
// whole, a name computed at run time); Kind is zero when the object's
// type is an interface.
type Finalizer struct {
	Name string   `json:"name"`
	Op   string   `json:"op"` // "add" or "remove"
	Kind Kind     `json:"kind"`
	At   []string `json:"at"`
}

// Need is what requests of one resource need of the role: Verbs, and
// Missing, those no marker grants (exactly rbacgrant's findings). By
// lists the calls ("Create at file.go:12", "For(v1.Secret) at ...").
type Need struct {
	Group    string   `json:"group"`
	Resource string   `json:"resource"` // with its subresource: "guestbooks/status"
	Verbs    []string `json:"verbs"`
	Missing  []string `json:"missing,omitempty"`
	By       []string `json:"by,omitempty"`
}

// RBAC is a manager's role against its needs.
type RBAC struct {
	// Judged is true when the role is generated from the module's
	// +kubebuilder:rbac markers and deployed: otherwise nothing is
	// marked missing or unused (rbacgrant is silent).
	Judged bool `json:"judged"`
	// Partial: the binary runs several managers, or carries no marker,
	// so only resources some marker names are judged.
	Partial bool `json:"partial,omitempty"`
	// Missing is what no marker grants, by resource: rbacgrant's
	// findings at this manager.
	Missing []Need `json:"missing,omitempty"`
	// Unused are the markers that grant what no code of the binary
	// needs (rbacgrant -rbacgrant.unused).
	Unused []Unused `json:"unused,omitempty"`
	// Other are the needs of the code that runs with the manager outside
	// its controllers (reads in main before the start, a runnable).
	Other []Need `json:"other,omitempty"`
}

// Unused is a marker that grants more than the code needs: a wildcard,
// or Grants ("get guestbooks") no request uses.
type Unused struct {
	At       string   `json:"at"`
	Wildcard bool     `json:"wildcard,omitempty"`
	Grants   []string `json:"grants,omitempty"`
}

// Webhook is an admission webhook the manager serves: a webhook builder
// chain for Kind, or a handler registered by hand (Kind nil, one path).
type Webhook struct {
	Kind       *Kind    `json:"kind,omitempty"`
	Defaulting bool     `json:"defaulting,omitempty"`
	Validating bool     `json:"validating,omitempty"`
	Paths      []string `json:"paths"`
	// Markers are the +kubebuilder:webhook markers of the chain's
	// package whose rules name its kind; Served tells whether the
	// manager serves the marker's path.
	Markers []WebhookMarker `json:"markers,omitempty"`
	At      string          `json:"at"`
}

// WebhookMarker is a +kubebuilder:webhook marker.
type WebhookMarker struct {
	Path     string `json:"path"`
	Mutating bool   `json:"mutating"`
	Served   bool   `json:"served"`
	At       string `json:"at"`
}

// Merge adds the binaries of o to m, each package once (go vet reports a
// package main and its test variant alike), sorted by package.
func (m *Map) Merge(bins ...Binary) {
	for _, b := range bins {
		if !slices.ContainsFunc(m.Binaries, func(x Binary) bool { return x.Package == b.Package }) {
			m.Binaries = append(m.Binaries, b)
		}
	}
	slices.SortFunc(m.Binaries, func(a, b Binary) int { return cmp.Compare(a.Package, b.Package) })
}

// Relative rewrites the positions the analyzer gives as absolute file
// names ("/abs/file.go:12") relative to base when they lie under it, so
// that the map does not depend on where the module is checked out.
func (m *Map) Relative(base string) {
	rel := func(at *string) {
		file, line, ok := cutLine(*at)
		if !ok || !filepath.IsAbs(file) {
			return
		}
		if r, err := filepath.Rel(base, file); err == nil && !strings.HasPrefix(r, "..") {
			*at = filepath.ToSlash(r) + ":" + line
		}
	}
	for bi := range m.Binaries {
		b := &m.Binaries[bi]
		for mi := range b.Managers {
			mg := &b.Managers[mi]
			rel(&mg.At)
			for ci := range mg.Controllers {
				c := &mg.Controllers[ci]
				rel(&c.At)
				for si := range c.Sources {
					rel(&c.Sources[si].At)
				}
				for fi := range c.Finalizers {
					for ai := range c.Finalizers[fi].At {
						rel(&c.Finalizers[fi].At[ai])
					}
				}
			}
			for wi := range mg.Webhooks {
				w := &mg.Webhooks[wi]
				rel(&w.At)
				for ki := range w.Markers {
					rel(&w.Markers[ki].At)
				}
			}
			for ui := range mg.RBAC.Unused {
				rel(&mg.RBAC.Unused[ui].At)
			}
		}
	}
}

// cutLine splits "file:line" at its last colon.
func cutLine(at string) (file, line string, ok bool) {
	i := strings.LastIndexByte(at, ':')
	if i < 0 {
		return "", "", false
	}
	return at[:i], at[i+1:], true
}

// WriteJSON writes m as indented JSON.
func (m *Map) WriteJSON(w io.Writer) error {
	if m.Binaries == nil {
		m.Binaries = []Binary{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(m)
}
