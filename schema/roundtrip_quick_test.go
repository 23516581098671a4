package schema

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

func TestQuickRoundTrip(t *testing.T) {
	f, _ := os.Open("../testdata/pytorch-1.13.1/native_functions.yaml")
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		l, ok := strings.CutPrefix(sc.Text(), "- func: ")
		if !ok {
			continue
		}
		n++
		fn, err := ParseFunc(l)
		if err != nil {
			t.Errorf("%s: %v", l, err)
			continue
		}
		if fn.String() != l {
			t.Errorf("\n got %s\nwant %s", fn, l)
		}
	}
	t.Log(n)
}
