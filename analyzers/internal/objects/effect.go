package objects

import (
	"sort"
	"strings"
)

// Class is a set of parts of an object a change may touch.
type Class uint8

const (
	// Status is the Status field.
	Status Class = 1 << iota
	// Spec is a top-level field other than Status and the metadata (Spec,
	// or Data of a ConfigMap).
	Spec
	// Meta is ObjectMeta (labels, annotations, finalizers, ...).
	Meta
	// Changed is some part of a value that is not itself an object (a
	// *FooStatus parameter of a helper).
	Changed
	// Unknown is anything: the object is handed to code the analysis
	// cannot see into.
	Unknown
)

// Effect is what code may do to an object. Strong changes certainly
// happen on some path (a store, a known mutator); Weak ones might (an
// unknown function given a pointer).
type Effect struct {
	Strong, Weak Class
	// Names are the changed fields, for messages ("Status", "Spec",
	// "Finalizers", "metadata").
	Names map[string]bool
}

// Add merges o into e.
func (e *Effect) Add(o Effect) {
	e.Strong |= o.Strong
	e.Weak |= o.Weak
	for n := range o.Names {
		e.addName(n)
	}
}

func (e *Effect) addName(n string) {
	if n == "" {
		return
	}
	if e.Names == nil {
		e.Names = map[string]bool{}
	}
	e.Names[n] = true
}

func (e *Effect) hasNameOf(c Class) bool {
	for n := range e.Names {
		if ClassOfName(n)&c != 0 {
			return true
		}
	}
	return false
}

// FieldNames renders the changed fields of the classes of for a message:
// ".Spec and .Finalizers".
func (e *Effect) FieldNames(of Class) string {
	var out []string
	for n := range e.Names {
		if ClassOfName(n)&of != 0 {
			if n == "metadata" {
				out = append(out, "metadata")
			} else {
				out = append(out, "."+n)
			}
		}
	}
	sort.Strings(out)
	switch len(out) {
	case 0:
		return "metadata"
	case 1:
		return out[0]
	}
	return strings.Join(out[:len(out)-1], ", ") + " and " + out[len(out)-1]
}

// metaFields names the ObjectMeta fields that changes are reported by.
var metaFields = map[string]bool{
	"metadata": true, "Labels": true, "Annotations": true, "Finalizers": true,
	"OwnerReferences": true, "Name": true, "Namespace": true, "GenerateName": true,
	"ManagedFields": true, "DeletionTimestamp": true, "DeletionGracePeriodSeconds": true,
	"ResourceVersion": true, "UID": true, "Generation": true, "CreationTimestamp": true,
	"SelfLink": true,
}

// ClassOfName is the part of an object a field of a change's Names is in.
func ClassOfName(n string) Class {
	switch {
	case n == "Status":
		return Status
	case metaFields[n]:
		return Meta
	}
	return Spec
}

// Event is what an instruction does to an object's history: from it on,
// what happened to the object before does not matter.
type Event uint8

const (
	// None means the object goes on.
	None Event = iota
	// Made means the object is allocated or returned by a call here.
	Made
	// Fetched means the object is read from the server (Get, List of its list,
	// controllerutil.CreateOrUpdate).
	Fetched
	// Written means a client call writes the object and decodes the server's
	// answer back into it.
	Written
	// Replaced means the object is overwritten as a whole.
	Replaced
	// Joined means one of several objects (a phi); what happened to each is not
	// followed.
	Joined
)
