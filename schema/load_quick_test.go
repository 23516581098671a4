package schema

import (
	"os"
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
