package gen

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/assertgen/assertgen/output"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// TestNoUseCountsEmitted checks the wrappers of a plan for a runtime
// without use counts: returns are snapshot with ResultIdent (no use
// counts read), and fresh returns get FreshNotHeld with their handles.
func TestNoUseCountsEmitted(t *testing.T) {
	s, err := schema.Load(filepath.Join(smallDir, "native_functions.yaml"), "", schema.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := plan.BuildWith(s, plan.Options{Profile: plan.Strict, Identity: plan.OwnIDs})
	if err != nil {
		t.Fatal(err)
	}
	res, err := Generate(p, Options{Mode: output.InterfaceMode, Package: "small"})
	if err != nil {
		t.Fatal(err)
	}
	var all []byte
	for _, f := range res.Files {
		all = append(all, f.Data...)
	}
	for _, call := range []string{"c.ResultIdent(", "wrap.ResultIdentList(", "c.FreshNotHeld(", "wrap.FreshNotHeldList(", "c.BeginFresh()"} {
		if !bytes.Contains(all, []byte(call)) {
			t.Errorf("no %s in the wrappers", call)
		}
	}
	for _, call := range []string{"c.Result(", "wrap.ResultList("} {
		if bytes.Contains(all, []byte(call)) {
			t.Errorf("%s in the wrappers of a runtime without use counts", call)
		}
	}
}
