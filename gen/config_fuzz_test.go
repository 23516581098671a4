package gen

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/schema"
)

// FuzzParseConfig checks that the assertgen.yaml loader never panics, that
// it reads the same text the same way twice, and that every error, of the
// structure (ParseConfig) or of the values (Validate), is one line at a
// position inside the file (columns in bytes).
func FuzzParseConfig(f *testing.F) {
	for _, p := range []string{"testdata/small/assertgen.yaml", "../examples/refops/assertgen.yaml"} {
		seed, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(seed)
	}
	f.Add([]byte("profile: strct\nmode: interfce\npackage: my-pkg\nbuild_tag: \"a b\"\nprefix: ../x\noutput: \"\"\ntypes:\n  Tensor: \"*example.com/rt.Tensor\"\n  Scalr: float64\n  Tensor: int\n"))
	f.Add([]byte("types: {Tensor: \"*example.com/é.Tensor\", Scalr: float64}\nops: [\"add.*\", [x]]\nallowlists: [a.yaml, {b: 1}]\n"))
	f.Add([]byte("kernels: ./k\ntypes:\n  Tensor: \"*rt.Tensor\"\n---\nprofile: strct\n"))
	f.Add([]byte("\ufeffschema: x.txt\r...\rpytorch_version: 9\r"))
	f.Fuzz(func(t *testing.T, src []byte) {
		c, err := ParseConfig("f.yaml", src)
		again, err2 := ParseConfig("f.yaml", src)
		if !reflect.DeepEqual(c, again) || errString(err) != errString(err2) {
			t.Fatalf("two reads differ:\n%+v %v\n%+v %v", c, err, again, err2)
		}
		checkErrors(t, src, err)
		if c == nil {
			if err == nil {
				t.Fatal("no config and no error")
			}
			return
		}
		for key, p := range c.Pos {
			if p.Filename != "f.yaml" || !inFile(src, p) {
				t.Fatalf("position of %s outside the file: %v", key, p)
			}
		}
		checkErrors(t, src, c.Validate())
	})
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// checkErrors fails unless err is nil or a schema.ErrorList of one-line
// errors at positions of src.
func checkErrors(t *testing.T, src []byte, err error) {
	t.Helper()
	if err == nil {
		return
	}
	el, ok := err.(schema.ErrorList)
	if !ok || len(el) == 0 {
		t.Fatalf("error of type %T: %v", err, err)
	}
	for _, e := range el {
		if e.Pos.Filename != "f.yaml" || !inFile(src, e.Pos) || strings.Contains(e.Msg, "\n") {
			t.Fatalf("error outside the file or on several lines: %q", e.Error())
		}
	}
}

// inFile reports whether p is a line of src and a byte column at most one
// past that line's end. Lines end where YAML ends them.
func inFile(src []byte, p schema.Position) bool {
	s := strings.ReplaceAll(string(src), "\r\n", "\n")
	s = strings.NewReplacer("\r", "\n", "\u0085", "\n", "\u2028", "\n", "\u2029", "\n").Replace(s)
	lines := strings.Split(s, "\n")
	if p.Line < 1 || p.Line > len(lines) || p.Column < 1 {
		return false
	}
	return p.Column <= len(lines[p.Line-1])+1
}
