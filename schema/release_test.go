package schema

import (
	"fmt"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/internal/pytorch"
)

// TestReleaseRules feeds the same kind of input to the rules of each
// release: what one release accepts and the other rejects, with the
// position and the message of every error, and what it makes of the ops.
func TestReleaseRules(t *testing.T) {
	tags := []string{"inplace_view", "nondeterministic_seeded", "generated", "pointwise", "core", "view_copy", "pt2_compliant_tag", "inplace", "out"}
	const (
		setOps = "- func: set_.source_Tensor(Tensor(a!) self, Tensor source) -> Tensor(a!)\n  tags: inplace_view\n  dispatch:\n    CPU: set_\n  autogen: set.source_Tensor, set.source_Tensor_out\n"
		// A group that is all CompositeImplicitAutograd and tagged core.
		coreOps = "- func: foo(Tensor self) -> Tensor\n  tags: core\n  autogen: foo.out\n"
		// A mutable op and an in-place op of one signature.
		mutableOps = "- func: foo(Tensor self, Tensor(b!) noise) -> Tensor\n  dispatch:\n    CPU: foo\n  autogen: foo_functional, foo.out\n" +
			"- func: foo_(Tensor(a!) self, Tensor(b!) noise) -> Tensor(a!)\n  dispatch:\n    CPU: foo_\n"
	)
	tests := []struct {
		name, version, src string
		want               []string // "line:col: substring", sorted; none: no error
		ops                string   // with no error: the ops, "name kind view generated [tags]"
	}{
		{"tags list in 1.13", "1.13", "- func: foo(Tensor self) -> Tensor\n  tags: [pointwise]\n",
			[]string{`2:9: tags must be a string of tags separated by ", " in PyTorch 1.13.1, found a list (a list is valid in PyTorch 2.6.0, 2.14.1: pass -pytorch-version 2.6 or 2.14)`}, ""},
		{"tags list in 2.6", "2.6", "- func: foo(Tensor self) -> Tensor\n  tags: [pointwise, core]\n", nil,
			"foo functional false false [pointwise core pt2_compliant_tag]"},
		{"tags string is one tag in 2.6", "", "- func: foo(Tensor self) -> Tensor\n  tags: pointwise, core\n",
			[]string{`2:9: unknown tag "pointwise, core" (not in tags.yaml)`}, ""},
		{"tags string split in 1.13", "1.13.1", "- func: foo(Tensor self) -> Tensor\n  tags: pointwise, core\n", nil,
			"foo functional false false [pointwise core]"},
		{"tags split on comma space only in 1.13", "1.13", "- func: foo(Tensor self) -> Tensor\n  tags: pointwise,core\n",
			[]string{`2:9: unknown tag "pointwise,core"`}, ""},
		{"SparseCsrMeta in 1.13", "1.13", "- func: foo(Tensor self) -> Tensor\n  dispatch:\n    CPU, SparseCsrMeta: foo\n",
			[]string{`3:10: unknown dispatch key "SparseCsrMeta" in PyTorch 1.13.1 (valid in PyTorch 2.6.0, 2.14.1: pass -pytorch-version 2.6 or 2.14)`}, ""},
		{"XPU in 1.13", "1.13", "- func: foo(Tensor self) -> Tensor\n  dispatch:\n    XPU: foo\n",
			[]string{`3:5: dispatch key XPU is not supported in native_functions.yaml by PyTorch 1.13.1 (valid in PyTorch 2.6.0, 2.14.1: pass -pytorch-version 2.6 or 2.14)`}, ""},
		{"XPU and SparseCsrMeta in 2.6", "2.6", "- func: foo(Tensor self) -> Tensor\n  dispatch:\n    XPU, SparseCsrMeta, NestedTensorXPU: foo\n", nil,
			"foo functional false false [pt2_compliant_tag]"},
		{"ORT in 2.6", "2.6", "- func: foo(Tensor self) -> Tensor\n  dispatch:\n    ORT: foo\n",
			[]string{`3:5: unknown dispatch key "ORT" in PyTorch 2.6.0`}, ""},
		{"ORT in 1.13", "1.13", "- func: foo(Tensor self) -> Tensor\n  dispatch:\n    ORT: foo\n",
			[]string{`3:5: dispatch key ORT is not supported in native_functions.yaml by PyTorch 1.13.1`}, ""},
		{"kernel namespaces in 1.13", "1.13", "- func: foo(Tensor self) -> Tensor\n  dispatch:\n    CPU: a::b::c::foo\n",
			[]string{"3:10: kernel a::b::c::foo has 3 namespace levels; PyTorch 1.13.1 allows at most 2 (valid in PyTorch 2.6.0, 2.14.1: pass -pytorch-version 2.6 or 2.14)"}, ""},
		{"kernel namespaces in 2.6", "2.6", "- func: foo(Tensor self) -> Tensor\n  dispatch:\n    CPU: a::b::c::foo\n    CUDA: a::b::c::d::foo\n",
			[]string{"4:11: kernel a::b::c::d::foo has 4 namespace levels; PyTorch 2.6.0 allows at most 3"}, ""},
		{"structured delegate with XPU in 2.6", "2.6",
			"- func: foo.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)\n  structured: True\n  dispatch:\n    CPU: foo_out\n" +
				"- func: foo(Tensor self) -> Tensor\n  structured_delegate: foo.out\n  dispatch:\n    XPU: foo\n",
			[]string{"7:3: foo: a structured_delegate op must not have a XPU kernel"}, ""},
		{"Python keyword in 2.6", "2.6", "- func: foo(Tensor self, int from, bool not=False) -> Tensor\n",
			[]string{"1:26: foo: argument name from is a Python keyword, which torchgen of PyTorch 2.6.0 rejects (accepted in PyTorch 1.13.1: pass -pytorch-version 1.13)",
				"1:36: foo: argument name not is a Python keyword"}, ""},
		{"Python keyword, torchgen's exception", "2.6", "- func: random_.from(Tensor(a!) self, int from, int? to) -> Tensor(a!)\n  tags: nondeterministic_seeded\n", nil,
			"random_.from inplace false false [nondeterministic_seeded pt2_compliant_tag]"},
		{"Python keyword in 1.13", "1.13", "- func: foo(Tensor self, int from) -> Tensor\n", nil,
			"foo functional false false []"},
		{"dropout argument in 2.6", "2.6", "- func: foo(Tensor self, float dropout_p) -> Tensor\n",
			[]string{"1:9: foo: random ops (rand/dropout in the name, dropout in an argument name, or a Generator argument) need the nondeterministic_seeded tag (accepted in PyTorch 1.13.1: pass -pytorch-version 1.13)"}, ""},
		{"dropout argument in 1.13", "1.13", "- func: foo(Tensor self, float dropout_p) -> Tensor\n", nil,
			"foo functional false false []"},
		{"inplace_view set_ in 1.13", "1.13", setOps,
			[]string{"2:3: set_.source_Tensor is tagged inplace_view but there is no out-of-place view op set"}, ""},
		{"inplace_view set_ in 2.6", "2.6", setOps, nil,
			"set_.source_Tensor inplace true false [inplace_view pt2_compliant_tag]\n" +
				"set.source_Tensor_out out false true [generated pt2_compliant_tag]\n" +
				"set.source_Tensor functional false true [generated pt2_compliant_tag]"},
		{"inplace_view resize_as_ in 1.13", "1.13", "- func: resize_as_(Tensor(a!) self, Tensor the_template) -> Tensor(a!)\n  tags: inplace_view\n  dispatch:\n    CPU: r\n",
			[]string{"2:3: resize_as_ is tagged inplace_view but there is no out-of-place view op resize_as"}, ""},
		{"inplace_view resize_as_ in 2.6", "2.6", "- func: resize_as_(Tensor(a!) self, Tensor the_template) -> Tensor(a!)\n  tags: inplace_view\n  dispatch:\n    CPU: r\n  autogen: resize_as, resize_as.out\n", nil,
			"resize_as_ inplace false false [inplace_view pt2_compliant_tag]\n" +
				"resize_as.out out false true [generated pt2_compliant_tag]\n" +
				"resize_as functional false true [generated pt2_compliant_tag]"},
		{"inplace_view squeeze_.dims in 2.6", "2.6", "- func: squeeze.dims(Tensor(a) self, int[] dim) -> Tensor(a)\n  dispatch:\n    CPU: s\n" +
			"- func: squeeze_.dims(Tensor(a!) self, int[] dim) -> Tensor(a!)\n  tags: inplace_view\n  dispatch:\n    CPU: s_\n", nil,
			"squeeze.dims functional true false [pt2_compliant_tag]\nsqueeze_.dims inplace true false [inplace_view pt2_compliant_tag]"},
		{"core composite group in 2.6", "2.6", coreOps, nil,
			"foo functional false false [core pt2_compliant_tag]\nfoo.out out false true [generated pt2_compliant_tag]"},
		{"core composite group in 1.13", "1.13", coreOps, nil,
			"foo functional false false [core]"},
		{"mutable base in 2.6", "2.6", mutableOps, nil,
			"foo mutable false false [pt2_compliant_tag]\nfoo.out out false true [generated pt2_compliant_tag]\n" +
				"foo_functional functional false true [generated pt2_compliant_tag]\nfoo_ inplace false false [pt2_compliant_tag]"},
		// 2.14: new dispatch keys (MTIA is also structured), the kind tags,
		// Dimname gone, const refs refused on out= ops.
		{"MTIA and SparseMPS in 2.6", "2.6", "- func: foo(Tensor self) -> Tensor\n  dispatch:\n    CPU: foo\n    MTIA, SparseMPS: foo\n",
			[]string{"4:5: dispatch key MTIA is not supported in native_functions.yaml by PyTorch 2.6.0 (valid in PyTorch 2.14.1: pass -pytorch-version 2.14)",
				"4:11: dispatch key SparseMPS is not supported in native_functions.yaml by PyTorch 2.6.0 (valid in PyTorch 2.14.1: pass -pytorch-version 2.14)"}, ""},
		{"new keys in 2.14", "2.14", "- func: foo(Tensor self) -> Tensor\n  dispatch:\n    MTIA, SparseMPS, SparseCsrMPS, SparseCsrXPU, NestedTensorHPU: foo\n", nil,
			"foo functional false false [pt2_compliant_tag]"},
		{"AutocastXPU in 2.14", "2.14", "- func: foo(Tensor self) -> Tensor\n  dispatch:\n    AutocastXPU: foo\n",
			[]string{"3:5: dispatch key AutocastXPU is not supported in native_functions.yaml by PyTorch 2.14.1"}, ""},
		{"AutocastXPU in 2.6", "2.6", "- func: foo(Tensor self) -> Tensor\n  dispatch:\n    AutocastXPU: foo\n",
			[]string{`3:5: unknown dispatch key "AutocastXPU" in PyTorch 2.6.0`}, ""},
		{"structured delegate with MTIA in 2.14", "2.14",
			"- func: foo.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)\n  structured: True\n  dispatch:\n    CPU: foo_out\n" +
				"- func: foo(Tensor self) -> Tensor\n  structured_delegate: foo.out\n  dispatch:\n    MTIA: foo\n",
			[]string{"7:3: foo: a structured_delegate op must not have a MTIA kernel"}, ""},
		{"Dimname in 2.14", "2.14", "- func: foo(Tensor self, Dimname[] names, Dimname? d=None) -> Tensor\n",
			[]string{"1:26: foo: Dimname is not a type in PyTorch 2.14.1 (a type in PyTorch 1.13.1, 2.6.0: pass -pytorch-version 1.13 or 2.6)",
				"1:43: foo: Dimname is not a type in PyTorch 2.14.1"}, ""},
		{"Dimname in 2.6", "2.6", "- func: foo(Tensor self, Dimname[] names) -> Tensor\n", nil,
			"foo functional false false [pt2_compliant_tag]"},
		{"const ref on an out= op in 2.14", "2.14", "- func: foo.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)\n  use_const_ref_for_mutable_tensors: True\n",
			[]string{"2:3: foo.out: use_const_ref_for_mutable_tensors is not allowed on ops with out arguments in PyTorch 2.14.1 (accepted in PyTorch 1.13.1, 2.6.0: pass -pytorch-version 1.13 or 2.6)"}, ""},
		{"const ref on an out= op in 2.6", "2.6", "- func: foo.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)\n  use_const_ref_for_mutable_tensors: True\n", nil,
			"foo.out out false false [pt2_compliant_tag]"},
		{"kind tags in 2.14", "2.14", coreOps + "- func: bar_(Tensor(a!) self) -> Tensor(a!)\n  tags: inplace\n  dispatch:\n    CPU: bar_\n", nil,
			"foo functional false false [core pt2_compliant_tag]\nfoo.out out false true [generated pt2_compliant_tag out]\n" +
				"bar_ inplace false false [inplace pt2_compliant_tag]"},
		// torchgen 1.13 generates from foo_, whose entry has no autogen:.
		{"in-place base in 1.13", "1.13", mutableOps, nil,
			"foo mutable false false []\nfoo_ inplace false false []"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ParseYAML("x.yaml", []byte(tt.src), Options{Tags: tags, Version: tt.version})
			if len(tt.want) == 0 {
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, o := range s.Ops {
					got = append(got, fmt.Sprintf("%s %s %v %v %v", o.Name, o.Kind, o.IsViewOp, o.Generated, o.Tags))
				}
				if g := strings.Join(got, "\n"); g != tt.ops {
					t.Errorf("ops:\n%s\nwant:\n%s", g, tt.ops)
				}
				return
			}
			el, ok := err.(ErrorList)
			if !ok {
				t.Fatalf("error %v (%T), want ErrorList", err, err)
			}
			if len(el) != len(tt.want) {
				t.Fatalf("got %d errors, want %d:\n%v", len(el), len(tt.want), err)
			}
			for i, e := range el {
				pos, sub, _ := strings.Cut(tt.want[i], ": ")
				if got := fmt.Sprintf("%d:%d", e.Pos.Line, e.Pos.Column); got != pos || !strings.Contains(e.Msg, sub) {
					t.Errorf("error %d:\n got %v\nwant x.yaml:%s: ...%s...", i, e, pos, sub)
				}
			}
		})
	}
	if _, err := ParseYAML("x.yaml", []byte("- func: foo() -> ()\n"), Options{Version: "9.9"}); err == nil ||
		err.Error() != `unknown PyTorch version "9.9": assertgen has the rules and data of PyTorch 1.13.1 (1.13), PyTorch 2.6.0 (2.6) and PyTorch 2.14.1 (2.14)` {
		t.Errorf("version 9.9: %v", err)
	}
}

// TestKindTagsNeedTagsYAML checks that in 2.14 an entry gets the out and
// inplace tags only when tags.yaml defines them, while an op autogen makes
// gets them in any case, as torchgen 2.14.1 does.
func TestKindTagsNeedTagsYAML(t *testing.T) {
	src := "- func: foo_(Tensor(a!) self) -> Tensor(a!)\n  autogen: foo.out\n  dispatch:\n    CPU: foo_\n" +
		"- func: foo(Tensor self) -> Tensor\n  dispatch:\n    CPU: foo\n"
	s, err := ParseYAML("x.yaml", []byte(src), Options{Tags: []string{"generated", "pt2_compliant_tag"}, Version: "2.14"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, o := range s.Ops {
		got = append(got, fmt.Sprintf("%s %v", o.Name, o.Tags))
	}
	want := "foo_ [pt2_compliant_tag]\nfoo.out [generated pt2_compliant_tag out]\nfoo [pt2_compliant_tag]"
	if g := strings.Join(got, "\n"); g != want {
		t.Errorf("ops:\n%s\nwant:\n%s", g, want)
	}
}

// TestReleaseIsViewOp checks the inplace_view exceptions of each release.
func TestReleaseIsViewOp(t *testing.T) {
	f := mustParse(t, "resize_as_(Tensor(a!) self, Tensor the_template, *, MemoryFormat? memory_format=None) -> Tensor(a!)")
	r113, _ := lookupRules("1.13")
	r26, _ := lookupRules("2.6.0")
	tags := []string{"inplace_view"}
	if !r113.isViewOp(f, tags) || r26.isViewOp(f, tags) || IsViewOp(f, tags) {
		t.Errorf("resize_as_: 1.13 %v, 2.6 %v, newest %v; want true, false, false", r113.isViewOp(f, tags), r26.isViewOp(f, tags), IsViewOp(f, tags))
	}
	r := mustParse(t, "resize_(Tensor(a!) self, SymInt[] size) -> Tensor(a!)")
	if r113.isViewOp(r, tags) || r26.isViewOp(r, tags) {
		t.Error("resize_ is a view op")
	}
}

func mustParse(t *testing.T, s string) *Func {
	t.Helper()
	f, err := ParseFunc(s)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestReleaseTable checks that every entry of the table of releases names
// kinds and base types the loader knows: each release loads.
func TestReleaseTable(t *testing.T) {
	for _, p := range pytorch.Releases {
		r, err := lookupRules(p.Version)
		if err != nil || len(r.autogenOrder) != len(p.Torchgen.AutogenBaseOrder) || len(r.goneTypes) != len(p.Torchgen.GoneBaseTypes) {
			t.Errorf("release %s: %v", p.Version, err)
		}
	}
	for _, bad := range []func(*pytorch.Torchgen){
		func(tg *pytorch.Torchgen) { tg.AutogenBaseOrder = []string{"mutable", "functionl", "out", "inplace"} },
		func(tg *pytorch.Torchgen) { tg.GoneBaseTypes = []string{"Dimnam"} },
	} {
		p := *pytorch.Newest()
		bad(&p.Torchgen)
		if r := newRules(&p); r.err == nil || !strings.Contains(r.err.Error(), "internal/pytorch: release "+p.Version+": ") {
			t.Errorf("a bad entry reads as %v", r.err)
		}
	}
}
