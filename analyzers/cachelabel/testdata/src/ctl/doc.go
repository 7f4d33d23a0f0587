// Package ctl holds the reconcilers the binaries of cmd run: bad.go
// creates Secrets and ConfigMaps without the label the manager's cache
// selects them by, after reading them through that cache; good.go the
// twins.
package ctl
