package wiring

// Settle applies what this package fills client fields and client
// parameters with to requests read from another package's fact, as
// Requests does for the imported functions and types it meets: a request
// that waits for a field this package fills with the manager's client is
// settled, one whose field gets only another client is dropped. The
// controller map carries each controller's requests up to package main
// this way, so that the requests of one controller are told apart from
// the rest of the code a manager runs.
func (r *Result) Settle(list []Request) []Request {
	if r.col == nil {
		return list
	}
	return r.col.resolve(list, func(string) bool { return false })
}
