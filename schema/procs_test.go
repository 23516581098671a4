package schema

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestParseYAMLNotMachineDependent: issue 19 item 2. A file of 128 KiB
// and more used to be read in chunks on GOMAXPROCS goroutines; with an odd
// first line (an indented item, "[]", " [0]") and column-0 entries after
// it, the op count depended on the CPU count (1 / 2,486 / 3,729 / 4,360
// at 1 / 2 / 4 / 8). The family the fuzzer found, scaled past 128 KiB,
// must give one answer, the single-threaded parse's, at every GOMAXPROCS.
func TestParseYAMLNotMachineDependent(t *testing.T) {
	var body strings.Builder
	n := 0
	for ; body.Len() < 200<<10; n++ {
		fmt.Fprintf(&body, "- func: op%d(Tensor self) -> Tensor\n", n)
	}
	for _, tc := range []struct{ first, want string }{
		{"", fmt.Sprintf("%d ops", n)},
		{"  -\n", "f.yaml:2:1: " + noTop},
		{"  - func: first(Tensor self) -> Tensor\n", "f.yaml:2:1: " + noTop},
		{"[]\n", "f.yaml:2:1: " + noTop},
		{" [0]\n", "f.yaml:2:1: " + noTop},
	} {
		src := []byte(tc.first + body.String())
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
		for _, procs := range []int{1, 2, 4, 8} {
			runtime.GOMAXPROCS(procs)
			s, err := ParseYAML("f.yaml", src, Options{})
			got := fmt.Sprint(err)
			if err == nil {
				got = fmt.Sprintf("%d ops", len(s.Ops))
			}
			if got != tc.want {
				t.Errorf("first line %q, GOMAXPROCS %d: got %s, want %s", tc.first, procs, got, tc.want)
			}
		}
	}
}

const noTop = "yaml: did not find expected <document start> (this line does not continue the document's top-level value; a file holds one document)"
