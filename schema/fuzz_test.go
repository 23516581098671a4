package schema

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// pytorchFuncLines returns every func: value of the embedded yaml of a
// release ("1.13.1").
func pytorchFuncLines(tb testing.TB, version string) []string {
	tb.Helper()
	src, err := os.ReadFile("../internal/pytorch/" + version + "/native_functions.yaml")
	if err != nil {
		tb.Fatal(err)
	}
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(src))
	for sc.Scan() {
		if l, ok := strings.CutPrefix(sc.Text(), "- func: "); ok {
			lines = append(lines, l)
		}
	}
	return lines
}

// FuzzParseYAML checks that the yaml loader never panics and reports
// errors as an ErrorList with positions inside the file, under the rules of
// every release. (It used to compare a chunked parallel read with the
// whole-file parse; the parse is single-threaded now, there is nothing
// left to compare with.)
func FuzzParseYAML(f *testing.F) {
	// 2.6-style input: tags lists, keys and rules of 2.x only.
	f.Add([]byte("- func: set_.source_Tensor(Tensor(a!) self, Tensor source) -> Tensor(a!)\n  tags: [inplace_view, core]\n  dispatch:\n    XPU, SparseCsrMeta: a::b::c::set_\n  autogen: set.source_Tensor, set.source_Tensor_out\n"))
	f.Add([]byte("- func: foo(Tensor self, Tensor(b!) noise, float dropout, int from) -> Tensor\n  tags: core\n  autogen: foo_functional, foo.out\n- func: foo_(Tensor(a!) self, Tensor(b!) noise, float dropout, int from) -> Tensor(a!)\n  tags: nondeterministic_seeded, inplace_view\n"))
	f.Add([]byte("- func: add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor\n  variants: function, method\n  dispatch:\n    CPU: add\n"))
	f.Add([]byte("- func: abs_(Tensor(a!) self) -> Tensor(a!)\n  tags: inplace_view\n- func: abs(Tensor self) -> Tensor\n"))
	f.Add([]byte("- func: foo(Tensor self) -> Tensor\n  autogen: foo.out\n  dispatch:\n    CompositeExplicitAutograd: foo\n"))
	f.Add([]byte("- 1\n- [a]\n- func: [x]\n"))
	// 2.14-style input: new keys, Dimname gone, const refs on out=, kind tags.
	f.Add([]byte("- func: foo.out(Tensor self, Dimname[] n, *, Tensor(a!) out) -> Tensor(a!)\n  use_const_ref_for_mutable_tensors: True\n  structured: True\n  dispatch:\n    MTIA, SparseMPS, NestedTensorHPU: foo_out\n- func: foo_(Tensor(a!) self) -> Tensor(a!)\n  tags: [inplace, core]\n  structured_delegate: foo.out\n  dispatch:\n    MTIA: foo_\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		done := make(chan struct{})
		go func() {
			select {
			case <-done:
			case <-time.After(3 * time.Second):
				panic(fmt.Sprintf("ParseYAML takes more than 3s on %q", src))
			}
		}()
		defer close(done)
		for _, r := range releases {
			s, err := ParseYAML("f.yaml", src, Options{Tags: []string{"inplace_view", "nondeterministic_seeded", "core", "inplace", "out"}, Version: r.Version})
			if err != nil {
				el, ok := err.(ErrorList)
				if !ok || len(el) == 0 {
					t.Fatalf("%s: error of type %T: %v", r, err, err)
				}
				for _, e := range el {
					if !e.Pos.IsValid() || e.Pos.Filename != "f.yaml" {
						t.Fatalf("%s: error without a position: %v", r, e)
					}
					if !inFile(src, e.Pos) {
						t.Fatalf("%s: error outside the file (columns count bytes): %v", r, e)
					}
				}
				continue
			}
			if s.Version != r.Version {
				t.Fatalf("version %s, want %s", s.Version, r.Version)
			}
			for _, o := range s.Ops {
				if o.Func == nil || o.Name != o.Func.Name.String() {
					t.Fatalf("%s: bad op %+v", r, o)
				}
			}
		}
	})
}

// inFile reports whether pos is a place of src: a line of it, and a byte
// column at most one past the line's last byte (for an error at the end of
// a line).
func inFile(src []byte, pos Position) bool {
	starts := lineStarts(src, true)
	if pos.Line < 1 || pos.Line > len(starts) || pos.Column < 1 {
		return false
	}
	end := len(src)
	if pos.Line < len(starts) {
		end = starts[pos.Line]
	}
	return starts[pos.Line-1]+pos.Column-1 <= end
}
