package edgeimpl // want package:`implementations\(fixtures/edgeapi.DeviceClient.Delete: ignores ctx; fixtures/edgeapi.DeviceClient.Get: ignores ctx; fixtures/edgeapi.Mixed.Sync: ignores ctx; fixtures/edgeapi.ReadWriter.Read: ignores ctx; fixtures/edgeapi.ReadWriter.Write: ignores ctx; fixtures/edgeapi.Reader.Read: ignores ctx; fixtures/edgeapi.Remote.Fetch: uses ctx;\)`

// Package edgeimpl implements edgeapi's interfaces the way openyurt's
// edgex-foundry/v3 clients do: most never use their context.

import (
	"context"
	"net/http"

	"fixtures/edgeapi"
)

var (
	_ edgeapi.DeviceClient = (*DeviceClient)(nil)
	_ edgeapi.Remote       = Fetcher{}
)

type DeviceClient struct {
	HTTP *http.Client
	URL  string
}

func NewDeviceClient(url string) *DeviceClient {
	return &DeviceClient{HTTP: http.DefaultClient, URL: url}
}

func (c *DeviceClient) Get(ctx context.Context, name string) (string, error) {
	resp, err := c.HTTP.Get(c.URL + "/device/" + name)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	return resp.Status, nil
}

func (c *DeviceClient) Delete(_ context.Context, name string) error {
	req, err := http.NewRequest(http.MethodDelete, c.URL+"/device/"+name, nil)
	if err != nil {
		return err
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Read and Write (ReadWriter, and Reader) never use their context either.
func (c *DeviceClient) Read(ctx context.Context, name string) (string, error) {
	return "", nil
}

func (c *DeviceClient) Write(ctx context.Context, name, value string) error {
	return nil
}

// Sync is Mixed's implementation that ignores its context.
func (c *DeviceClient) Sync(ctx context.Context, name string) error {
	return nil
}

// Fetcher is Remote's implementation: it uses its context.
type Fetcher struct {
	HTTP *http.Client
}

func (f Fetcher) Fetch(ctx context.Context, name string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, name, nil)
	if err != nil {
		return "", err
	}
	resp, err := f.HTTP.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	return resp.Status, nil
}
