package testenv

import "testing"

func TestStart(t *testing.T) {
	_ = Start()
}
