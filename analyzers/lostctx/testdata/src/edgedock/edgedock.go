package edgedock // want package:`implementations\(fixtures/edgeapi.DeviceClient.Delete: ignores ctx; .*fixtures/edgeapi.Remote.Fetch: uses ctx;\)`

// Package edgedock hands out edgeapi's clients, as openyurt's
// edgex-foundry package does: its API names the interfaces, never
// edgeimpl's types, so a caller sees edgeimpl's methods only through this
// package's fact.

import (
	"fixtures/edgeapi"
	"fixtures/edgeimpl"
	"fixtures/edgepoll"
)

func DeviceClient(url string) edgeapi.DeviceClient { return edgeimpl.NewDeviceClient(url) }

func ReadWriter(url string) edgeapi.ReadWriter { return edgeimpl.NewDeviceClient(url) }

func Mixed(url string) edgeapi.Mixed { return edgeimpl.NewDeviceClient(url) }

func Remote() edgeapi.Remote { return edgeimpl.Fetcher{} }

func Unknown() edgeapi.Unknown { return edgepoll.Poller{} }
