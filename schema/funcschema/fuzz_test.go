package funcschema

import (
	"bufio"
	"bytes"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
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
	src, err := os.ReadFile("../../internal/pytorch/" + version + "/native_functions.yaml")
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
		for i := range fn.Returns {
			_ = fn.ReturnAlias(i)
		}
	})
}
