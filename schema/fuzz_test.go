package schema

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// clearOffsets zeroes the source offsets, which are not part of a schema's
// value.
func clearOffsets(f *Func) {
	for _, args := range [][]Argument{f.Positional, f.KwargOnly, f.Out} {
		for i := range args {
			args[i].Offset = 0
		}
	}
	for i := range f.Returns {
		f.Returns[i].Offset = 0
	}
	f.retOffset = 0
}

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

// FuzzParseFunc checks that ParseFunc never panics and that whatever it
// accepts prints to a schema that parses back to the same value and prints
// the same again.
func FuzzParseFunc(f *testing.F) {
	for _, l := range slices.Concat(pytorchFuncLines(f, "1.13.1"), pytorchFuncLines(f, "2.6.0"), pytorchFuncLines(f, "2.14.1")) {
		f.Add(l)
	}
	for _, l := range laterSchemas {
		f.Add(l)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fn, err := ParseFunc(s)
		if err != nil {
			if _, ok := err.(*SyntaxError); !ok {
				t.Fatalf("error of type %T", err)
			}
			return
		}
		printed := fn.String()
		again, err := ParseFunc(printed)
		if err != nil {
			t.Fatalf("%q parsed, but its printed form %q does not: %v", s, printed, err)
		}
		clearOffsets(fn)
		clearOffsets(again)
		if !reflect.DeepEqual(fn, again) {
			t.Fatalf("%q and its printed form %q parse to different values", s, printed)
		}
		if again.String() != printed {
			t.Fatalf("printing is not stable: %q then %q", printed, again.String())
		}
		_ = fn.Kind()
		_ = IsViewOp(fn, nil)
		for i := range fn.Returns {
			_ = fn.ReturnAlias(i)
		}
	})
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
