// Package helperuser tests with the fake clients of package testutil.
package helperuser
