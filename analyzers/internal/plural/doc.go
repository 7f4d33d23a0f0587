// Package plural gives the resource name controller-gen derives from a
// kind: strings.ToLower(flect.Pluralize(kind)).
//
// It is github.com/gobuffalo/flect's pluralization, with flect's tables
// built on first use rather than in init: flect's init takes about 15 ms
// and the go command starts the vet tool once per package, dependencies
// included, so linking flect cost about a tenth of a whole run. Custom
// inflections (flect's inflections.json) are not read.
//
// [Resource] gives the resource name, [Pluralize] flect's plural. A test
// compares it with flect on every word of the tables and every kind of
// client-go's scheme. apimarkers is its one user.
package plural
