// Package fakeclient tests status writes through controller-runtime's
// fake client.
package fakeclient
