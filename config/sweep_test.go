package config

import (
	"strings"
	"testing"
)

// sweep: is a bool; anything else is an error at its value.
func TestSweepKey(t *testing.T) {
	c, err := Parse("a.yaml", []byte("mode: interface\nsweep: true\n"))
	if err != nil || !c.Sweep {
		t.Errorf("sweep: true: %v, Sweep %v", err, c != nil && c.Sweep)
	}
	c, err = Parse("a.yaml", []byte("mode: interface\n"))
	if err != nil || c.Sweep {
		t.Errorf("no sweep: %v, Sweep %v", err, c != nil && c.Sweep)
	}
	_, err = Parse("a.yaml", []byte("mode: interface\nsweep: maybe\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "a.yaml:2:8: sweep: ") {
		t.Errorf("sweep: maybe: %v, want an error at a.yaml:2:8", err)
	}
}
