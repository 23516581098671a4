//go:build debugasserts

package sweep

import "testing"

func TestSweepPrint(t *testing.T) {
	r, err := Run()
	if err != nil {
		t.Fatal(err)
	}
	t.Log(r)
}
