package sweep

import (
	"strings"
	"testing"
)

// The fuzzer's bytes decode to one sample, the same every time: the op,
// the variant, each tensor's shape and values, each value; past the input's
// end every byte is 0 (the first op's variant 0, unchanged).
func TestDecodeFuzz(t *testing.T) {
	o := ops(t, "2.6")
	es := []entry{{Name: "neg", Func: o["neg"]}, {Name: "add.Tensor", Func: o["add.Tensor"]}, {Name: "reshape", Func: o["reshape"]}, {Name: "sum.dim_IntList", Func: o["sum.dim_IntList"]}}
	for _, c := range []struct {
		data []byte
		want string // Describe
	}{
		{nil, "self=float32[2,3]"},
		{[]byte{1, 0, 0, 3<<3 | 2, 128 + 3}, "self=float32[2,3] other=float32[1,3].zeros alpha=[2]"},
		{[]byte{2, 0, 6, 128 + 0}, "self=float32[2,3].T shape=[-1]"},
		{[]byte{2, 0, 7, 1, 2}, "self=float32[2,3].strided[6,1]+2 shape=[2 3]"},
		{[]byte{3, 0, 7<<3 | 5, 2, 3, 4, 1, 3, 255, 128 + 4, 128 + 1}, "self=float32[3,4].data[0.75,-0.25] dim=[1] keepdim=[true] dtype=None"},
		{[]byte{3, 0, 5, 3, 4, 4, 4}, "self=float32[4,4,4] dim=None keepdim=[false] dtype=None"},
		{[]byte{0, 0, 7<<3 | 1}, "self=float32[2,3].data[0]"},
	} {
		s, _ := decodeFuzz(es, c.data)
		got := ""
		if s != nil {
			got = s.Describe()
		}
		if got != c.want {
			t.Errorf("%v: %q, want %q", c.data, got, c.want)
		}
	}
}

// Every input, however short or long, decodes without a panic to a sample
// whose specs a runtime may be asked for, or to none.
func FuzzDecodeFuzz(f *testing.F) {
	o := ops(f, "2.14")
	var es []entry
	for name, op := range o {
		es = append(es, entry{Name: name, Func: op})
	}
	f.Add([]byte{})
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
	f.Fuzz(func(t *testing.T, data []byte) {
		s, _ := decodeFuzz(es, data)
		if s == nil {
			return
		}
		for _, sp := range s.Specs {
			if err := checkBound(sp.Shape); err != nil || sp.checkStrides() != nil {
				t.Fatalf("%s: %v", s.Describe(), err)
			}
		}
		if strings.Contains(s.Describe(), "%!") {
			t.Fatal(s.Describe())
		}
	})
}
