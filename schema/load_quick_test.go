package schema

import (
	"os"
	"strings"
	"testing"
)

func TestQuickLoad(t *testing.T) {
	src, _ := os.ReadFile("../testdata/pytorch-1.13.1/native_functions.yaml")
	tsrc, _ := os.ReadFile("../testdata/pytorch-1.13.1/tags.yaml")
	tags, err := ParseTags("tags.yaml", tsrc)
	if err != nil {
		t.Fatal(err)
	}
	s, err := ParseYAML("nf.yaml", src, Options{Tags: tags})
	if err != nil {
		t.Fatal(err)
	}
	gen := 0
	for _, o := range s.Ops {
		if o.Generated {
			gen++
		}
	}
	t.Log(len(s.Entries), len(s.Ops), gen)
}

func TestSignatureKey(t *testing.T) {
	s, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range s.Ops {
		var b strings.Builder
		o.Func.writeSignatureKey(&b)
		if want := o.Func.Signature(false).String(); b.String() != want {
			t.Errorf("%s:\n got %s\nwant %s", o.Name, b.String(), want)
		}
	}
}
