package schema

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

const (
	pytorchYAML = "../internal/pytorch/1.13.1/native_functions.yaml"
	pytorchTags = "../internal/pytorch/1.13.1/tags.yaml"
)

// loadPyTorch loads the embedded 1.13.1 yaml from its file, with
// -pytorch-version 1.13 and the tags.yaml next to it.
func loadPyTorch(tb testing.TB) *Schema {
	tb.Helper()
	s, err := Load(pytorchYAML, "", Options{Version: "1.13"})
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

func TestPyTorchCounts(t *testing.T) {
	s := loadPyTorch(t)
	if s.ValidTags == nil {
		t.Error("tags.yaml next to the schema was not loaded")
	}
	gen := 0
	for _, o := range s.Ops {
		if o.Generated {
			gen++
		}
	}
	if len(s.Entries) != 2493 || len(s.Ops) != 2952 || gen != 459 {
		t.Errorf("entries %d, ops %d, generated %d; want 2493, 2952, 459", len(s.Entries), len(s.Ops), gen)
	}
}

// TestPyTorchRoundTrip checks that every func: of the 1.13.1 yaml prints
// back to its own text.
func TestPyTorchRoundTrip(t *testing.T) {
	s := loadPyTorch(t)
	lines := pytorchFuncLines(t, "1.13.1")
	if len(lines) != len(s.Entries) {
		t.Fatalf("%d func lines, %d entries", len(lines), len(s.Entries))
	}
	for i, e := range s.Entries {
		if e.FuncText != lines[i] {
			t.Errorf("entry %d: func %q, want %q", i, e.FuncText, lines[i])
		}
		if got := e.Func.String(); got != e.FuncText {
			t.Errorf("%s: round trip:\n got %s\nwant %s", e.FuncPos, got, e.FuncText)
		}
	}
}

// TestGeneratedPlacement checks that every generated op follows its source
// entry, in both releases.
func TestGeneratedPlacement(t *testing.T) {
	s26, err := Embedded("2.6")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []*Schema{s26, loadPyTorch(t)} {
		generatedPlacement(t, s)
	}
}

func generatedPlacement(t *testing.T, s *Schema) {
	for i, o := range s.Ops {
		if !o.Generated {
			continue
		}
		// Walk back over generated ops to the source entry.
		j := i - 1
		for j >= 0 && s.Ops[j].Generated {
			j--
		}
		if s.Ops[j].Entry != o.Entry {
			t.Errorf("%s follows %s, not its source %s", o.Name, s.Ops[j].Name, o.Entry.Func.Name)
		}
	}
	for _, name := range []string{"_fused_moving_avg_obs_fq_helper_functional", "set.source_Storage", "resize.out", "zero.out"} {
		if o := s.Op(name); o == nil || !o.Generated {
			t.Errorf("generated op %s missing", name)
		}
	}
	o := s.Op("_fused_moving_avg_obs_fq_helper_functional")
	want := "_fused_moving_avg_obs_fq_helper_functional(Tensor self, Tensor observer_on, Tensor fake_quant_on, Tensor running_min, Tensor running_max, Tensor scale, Tensor zero_point, float averaging_const, int quant_min, int quant_max, int ch_axis, bool per_row_fake_quant=False, bool symmetric_quant=False) -> (Tensor output, Tensor mask, Tensor running_min_out, Tensor running_max_out, Tensor scale_out, Tensor zero_point_out)"
	if o.Func.String() != want {
		t.Errorf("got  %s\nwant %s", o.Func, want)
	}
}

func TestEntryKeys(t *testing.T) {
	s := loadPyTorch(t)
	e := s.Op("add.out").Entry
	if !e.Structured || len(e.UfuncInnerLoop) != 2 || e.UfuncInnerLoop[0].Key != "Generic" ||
		e.UfuncInnerLoop[1].Key != "ScalarOnly" || e.UfuncInnerLoop[0].Name != "add" {
		t.Errorf("add.out: structured %v, ufunc %+v", e.Structured, e.UfuncInnerLoop)
	}
	if !e.HasKey("CPU") || !e.HasKey("CUDA") {
		t.Errorf("add.out ufunc keys: %v", e.DispatchKeys())
	}
	a := s.Op("add.Tensor").Entry
	if a.StructuredDelegate != "add.out" || strings.Join(a.Variants, ",") != "function,method" {
		t.Errorf("add.Tensor: delegate %q variants %v", a.StructuredDelegate, a.Variants)
	}
	r := s.Op("_cast_Byte").Entry
	if !s.Op("_cast_Byte").HasCompositeImplicitAutograd() || r.DispatchSet {
		t.Error("_cast_Byte has an implicit CompositeImplicitAutograd kernel")
	}
	if !s.Op("reshape").HasCompositeImplicitAutograd() || s.Op("add.Tensor").HasCompositeImplicitAutograd() {
		t.Error("reshape has an explicit CompositeImplicitAutograd kernel, add.Tensor none")
	}
	c := s.Op("_cudnn_rnn").Entry
	if c.DispatchSet && c.Dispatch[0].Keys[0] != "CUDA" {
		t.Errorf("_cudnn_rnn dispatch %+v", c.Dispatch)
	}
	tr := s.Op("transpose_").Entry
	if !tr.HasTag("inplace_view") || tr.DeviceCheck != "NoCheck" || tr.KeyPos("tags").Line <= tr.FuncPos.Line {
		t.Errorf("transpose_: tags %v device_check %s", tr.Tags, tr.DeviceCheck)
	}
	if s.Op("as_strided").Entry.DeviceGuard {
		t.Error("device_guard: False lost")
	}
	var precomputed, cppNoDefault, constRef, pyModule, category bool
	for _, e := range s.Entries {
		precomputed = precomputed || len(e.Precomputed) > 0
		cppNoDefault = cppNoDefault || len(e.CppNoDefaultArgs) > 0
		constRef = constRef || e.UseConstRefForMutableTensors
		pyModule = pyModule || e.PythonModule != ""
		category = category || e.CategoryOverride != ""
	}
	if !precomputed || !cppNoDefault || !constRef || !pyModule || !category {
		t.Errorf("keys lost: precomputed %v cpp_no_default_args %v use_const_ref %v python_module %v category_override %v",
			precomputed, cppNoDefault, constRef, pyModule, category)
	}
	m, err := ParseYAML("m.yaml", []byte("- func: foo(Tensor self) -> Tensor\n  manual_kernel_registration: True\n"), Options{})
	if err != nil || !m.Entries[0].ManualKernelRegistration || !m.Ops[0].HasCompositeImplicitAutograd() {
		t.Errorf("manual_kernel_registration: %v", err)
	}
}

// TestYAMLErrors covers every class of input error: each case gives the
// position and a substring of the message.
func TestYAMLErrors(t *testing.T) {
	tags := []string{"inplace_view", "nondeterministic_seeded", "generated"}
	tests := []struct {
		name string
		src  string
		want []string // "line:col: substring", sorted
	}{
		{"yaml syntax", "- func: foo(Tensor self) -> Tensor\n  variants: [function\n",
			[]string{"2:3: yaml: did not find expected ',' or ']'"}},
		{"yaml syntax bad indentation", "- func: foo(Tensor self) -> Tensor\n variants: function\n",
			[]string{"2:2: yaml: did not find expected '-' indicator"}},
		{"yaml scanner error", "- func: foo(Tensor self) -> Tensor\n- func: a: b\n",
			[]string{"2:1: yaml: mapping values are not allowed"}},
		{"unknown key", "- func: foo(Tensor self) -> Tensor\n  variant: function\n",
			[]string{`2:3: unknown key "variant"`}},
		{"unknown type", "- func: foo(Tensor self, Int x) -> Tensor\n",
			[]string{`1:26: unknown type "Int"`}},
		// Issue 19 item 8: columns count bytes, through non-ASCII text,
		// escapes, quotes and folded lines.
		{"column after non-ASCII", "- func: foo(str x=\"ééé\") -> Tensr\n",
			[]string{`1:32: unknown type "Tensr"`}},
		{"column after escapes", `- func: "foo(str x=\"\u00e9\\\\\") -> Tensr"` + "\n",
			[]string{`1:39: unknown type "Tensr"`}},
		{"column after a quoted quote", "- func: 'foo(str x=''é'') -> Tensr'\n",
			[]string{`1:31: unknown type "Tensr"`}},
		{"column on a folded line", "- func: foo(str x=\"é\",\n    int y) -> Tensr\n",
			[]string{`2:15: unknown type "Tensr"`}},
		{"column on a folded line, CR line ends", "- func: foo(str x=\"é\",\r    int y) -> Tensr\r",
			[]string{`2:15: unknown type "Tensr"`}},
		{"invisible character escaped", "- func: abs(Tensor\ufeffself) -> Tensor\n",
			[]string{`1:19: expected argument name, found '\ufeff'`}},
		{"malformed alias annotation", "- func: foo_(Tensor(a!!) self) -> Tensor(a!)\n",
			[]string{"1:23: malformed alias annotation"}},
		{"malformed default", "- func: foo(Tensor self, int[2] x=[1,2) -> Tensor\n",
			[]string{"1:35: malformed default: unbalanced '['"}},
		{"malformed default type", "- func: foo(Tensor self, bool x=1) -> Tensor\n",
			[]string{`1:33: malformed default "1": a number is not a default for bool`}},
		{"duplicate operator", "- func: foo(Tensor self) -> Tensor\n- func: foo(Tensor self) -> Tensor\n",
			[]string{"2:9: duplicate operator name foo (first declared at line 1)"}},
		{"entry without func", "- variants: function\n",
			[]string{"1:3: entry has no func key"}},
		{"entry not a mapping", "- foo(Tensor self) -> Tensor\n- [1, 2]\n",
			[]string{"1:3: entry is not a mapping", "2:3: entry is not a mapping"}},
		{"not a list", "func: foo(Tensor self) -> Tensor\n",
			[]string{"1:1: native_functions.yaml must be a list"}},
		{"func not a string", "- func: [foo]\n",
			[]string{"1:9: func must be a string"}},
		{"illegal variant", "- func: foo(Tensor self) -> Tensor\n  variants: function, methods\n",
			[]string{`2:23: illegal variant "methods"`}},
		{"unknown dispatch key", "- func: foo(Tensor self) -> Tensor\n  dispatch:\n    CPU, CUDA, GPU: foo\n",
			[]string{`3:16: unknown dispatch key "GPU"`}},
		{"unsupported dispatch key", "- func: foo(Tensor self) -> Tensor\n  dispatch:\n    XLA: foo\n",
			[]string{"3:5: dispatch key XLA is not supported"}},
		{"inplace not returning self", "- func: foo_(Tensor(a!) self) -> Tensor\n",
			[]string{"1:34: foo_: an in-place op must return self"}},
		{"out not returned", "- func: foo.out(Tensor self, *, Tensor(a!) out) -> ()\n",
			[]string{"1:33: foo.out: out argument out is not returned"}},
		{"star twice", "- func: foo(Tensor self, *, int a, *, int b) -> Tensor\n",
			[]string{"1:36: '*' appears twice"}},
		{"unbalanced parenthesis", "- func: foo(Tensor self -> Tensor\n",
			[]string{"1:25: expected ',' or ')' after argument, found '->'"}},
		{"unbalanced bracket", "- func: foo(Tensor self, int[2 x) -> Tensor\n",
			[]string{"1:31: expected ']' to close the list type"}},
		{"non-utf8", "- func: foo(Tensor self) -> Tensor\n  python_module: n\xffn\n",
			[]string{"2:19: invalid UTF-8 encoding"}},
		{"unknown tag", "- func: foo(Tensor self) -> Tensor\n  tags: [generated, pointwise]\n",
			[]string{`2:21: unknown tag "pointwise"`}},
		{"duplicate key", "- func: foo(Tensor self) -> Tensor\n  variants: function\n  variants: method\n",
			[]string{"3:3: duplicate key variants (first at line 2)"}},
		{"bool key", "- func: foo(Tensor self) -> Tensor\n  structured: yes please\n",
			[]string{`2:15: structured must be True or False, found "yes please"`}},
		{"namespace", "- func: quantized::foo(Tensor self, Tnsor x) -> Tensor\n",
			[]string{`1:37: unknown type "Tnsor"`}},
		{"quoted func", "- func: \"foo(Tensor self, Tnsor x) -> Tensor\"\n",
			[]string{`1:27: unknown type "Tnsor"`}},
		{"folded func", "- func: foo(Tensor self,\n    Tnsor x) -> Tensor\n",
			[]string{`2:5: unknown type "Tnsor"`}},
		{"structured on functional", "- func: foo(Tensor self) -> Tensor\n  structured: True\n  dispatch:\n    CPU: foo\n",
			[]string{"2:3: foo: structured belongs on the out= variant"}},
		{"delegate to missing op", "- func: foo(Tensor self) -> Tensor\n  structured_delegate: foo.out\n",
			[]string{"2:3: structured_delegate foo.out: no such operator"}},
		{"out op with method variant", "- func: foo.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)\n  variants: method\n  dispatch:\n    CPU: foo\n- func: foo(Tensor self) -> Tensor\n  dispatch:\n    CPU: foo\n",
			[]string{"2:3: foo.out: ops with out arguments must have variants: function only"}},
		{"random op without tag", "- func: rand_thing(Tensor self) -> Tensor\n  dispatch:\n    CPU: foo\n",
			[]string{"1:9: rand_thing: random ops"}},
		{"inplace_view without view", "- func: foo_(Tensor(a!) self) -> Tensor(a!)\n  tags: inplace_view\n",
			[]string{"2:3: foo_ is tagged inplace_view but there is no out-of-place view op foo"}},
		{"cpp_no_default_args", "- func: foo(Tensor self, int x) -> Tensor\n  cpp_no_default_args: ['x']\n",
			[]string{"2:25: cpp_no_default_args: x is not an argument with a default"}},
		{"autogen mismatch", "- func: foo_(Tensor(a!) self) -> Tensor(a!)\n  dispatch:\n    CPU: foo_\n  autogen: foo.out, foo.extra\n",
			[]string{"4:3: autogen: the codegen generates foo, foo.out, but autogen lists foo.extra, foo.out"}},
		{"autogen missing", "- func: foo_(Tensor(a!) self) -> Tensor(a!)\n  dispatch:\n    CPU: foo_\n- func: foo.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)\n  dispatch:\n    CPU: foo_out\n",
			[]string{"1:9: foo_: the codegen generates foo; add 'autogen: foo'"}},
		{"lonely out op", "- func: foo.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)\n  dispatch:\n    CPU: foo_out\n",
			[]string{"1:9: foo.out: out= op without a functional"}},
		{"several errors sorted", "- func: b(Tensr self) -> Tensor\n- func: a(Tensor self) -> Tensor\n  bogus: 1\n- 3\n",
			[]string{`1:11: unknown type "Tensr"`, `3:3: unknown key "bogus"`, "4:3: entry is not a mapping"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseYAML("x.yaml", []byte(tt.src), Options{Tags: tags})
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			el, ok := err.(ErrorList)
			if !ok {
				t.Fatalf("error %T, want ErrorList", err)
			}
			if len(el) != len(tt.want) {
				t.Fatalf("got %d errors, want %d:\n%v", len(el), len(tt.want), err)
			}
			for i, e := range el {
				pos, sub, _ := strings.Cut(tt.want[i], ": ")
				if got := fmt.Sprintf("%d:%d", e.Pos.Line, e.Pos.Column); got != pos || !strings.Contains(e.Msg, sub) || e.Pos.Filename != "x.yaml" {
					t.Errorf("error %d:\n got %v\nwant x.yaml:%s: ...%s...", i, e, pos, sub)
				}
			}
		})
	}
}

func TestTagsErrors(t *testing.T) {
	_, err := ParseTags("tags.yaml", []byte("- tag: a\n  desc: x\n- tag: b\n- tag: a\n  desc: y\n"))
	if err == nil || !strings.Contains(err.Error(), "tags.yaml:3:8: tag b has no desc") ||
		!strings.Contains(err.Error(), "tags.yaml:4:8: duplicate tag a") {
		t.Errorf("got %v", err)
	}
}

func TestParseList(t *testing.T) {
	src := "# schemas\n\naten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor\n  transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a)\nquantized::add_(Tensor(a!) self, Tensor other) -> Tensor(a!)\n"
	s, err := ParseList("l.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Ops) != 3 || s.Ops[1].Name != "transpose.int" || !s.Ops[1].IsViewOp || s.Ops[2].Kind != Inplace {
		t.Fatalf("ops %+v", s.Ops)
	}
	if p := s.Ops[1].Pos; p.Line != 4 || p.Column != 3 {
		t.Errorf("pos %v", p)
	}
	_, err = ParseList("l.txt", []byte("aten::foo(Tensor self) -> Tensor\n  aten::bar(Tensr self) -> Tensor\naten::foo(Tensor self) -> Tensor\n"))
	if err == nil || err.Error() != "l.txt:2:13: unknown type \"Tensr\"\nl.txt:3:7: duplicate operator name foo (first declared at line 1)" {
		t.Errorf("got %v", err)
	}
	_, err = ParseList("l.txt", []byte("foo(Tensor self) -> Tensor\n\xff\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "l.txt:2:1: invalid UTF-8") {
		t.Errorf("got %v", err)
	}
}

// TestParseListText: issue 19 item 9. A BOM is skipped (columns count
// its bytes), lines end at "\r" alone too, and control characters are
// refused, printed escaped, as are invisible characters in messages.
func TestParseListText(t *testing.T) {
	for _, tc := range []struct {
		src  string
		ops  string // names of the ops, when it loads
		want string // the error, when it does not
	}{
		{"\ufeffabs(Tensor self) -> Tensor\n", "abs@1:4", ""},
		{"\ufeffabs(Tensr self) -> Tensor\n", "", `l.txt:1:8: unknown type "Tensr"`},
		{"abs(Tensor self) -> Tensor\rneg(Tensor self) -> Tensor\r", "abs@1:1 neg@2:1", ""},
		{"abs(Tensor self) -> Tensor\r\n\r\n  neg(Tensor self) -> Tensor", "abs@1:1 neg@3:3", ""},
		{"abs(Tensor self) -> Tensor\rneg(Tensr self) -> Tensor\r", "", `l.txt:2:5: unknown type "Tensr"`},
		{"abs(Tensor self) -> Ten\x00sor\n", "", `l.txt:1:24: control character '\x00' is not allowed`},
		{"abs(Tensor self) -> Tensor\n\x1b[31mneg(Tensor self) -> Tensor\n", "", `l.txt:2:1: control character '\x1b' is not allowed`},
		{"abs(Tensor self) -> Tensor\u2028\n", "", `l.txt:1:27: unexpected '\u2028' after the returns`},
		{"abs(Tensor\ufeffself) -> Tensor\n", "", `l.txt:1:11: expected argument name, found '\ufeff'`},
	} {
		s, err := ParseList("l.txt", []byte(tc.src))
		if tc.want != "" {
			if err == nil || err.Error() != tc.want {
				t.Errorf("%q: got %v, want %s", tc.src, err, tc.want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		var ops []string
		for _, o := range s.Ops {
			ops = append(ops, fmt.Sprintf("%s@%d:%d", o.Name, o.Pos.Line, o.Pos.Column))
		}
		if got := strings.Join(ops, " "); got != tc.ops {
			t.Errorf("%q: ops %s, want %s", tc.src, got, tc.ops)
		}
	}
}

func TestLoadByExtension(t *testing.T) {
	dir := t.TempDir()
	txt := dir + "/ops.txt"
	os.WriteFile(txt, []byte("aten::abs(Tensor self) -> Tensor\n"), 0o644)
	s, err := Load(txt, "", Options{})
	if err != nil || s.Format != FormatList || len(s.Ops) != 1 {
		t.Fatalf("%v %+v", err, s)
	}
	if _, err := Load(dir+"/ops.json", "", Options{}); err == nil {
		t.Error("unknown extension accepted")
	}
	// A tags.yaml next to the yaml is used.
	y := dir + "/nf.yaml"
	os.WriteFile(y, []byte("- func: abs(Tensor self) -> Tensor\n  tags: pointwise\n"), 0o644)
	if _, err := Load(y, "", Options{}); err != nil {
		t.Fatalf("without tags.yaml, tags are not checked: %v", err)
	}
	os.WriteFile(dir+"/tags.yaml", []byte("- tag: inplace_view\n  desc: x\n"), 0o644)
	if _, err := Load(y, "", Options{}); err == nil || !strings.Contains(err.Error(), `unknown tag "pointwise"`) {
		t.Fatalf("tags.yaml next to the schema not used: %v", err)
	}
}

// TestEmbedded checks that Default is the newest release and that the
// embedded 1.13.1 schema is its file loaded with -pytorch-version 1.13.
func TestEmbedded(t *testing.T) {
	d, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if d.Version != "2.14.1" || !d.Embedded || d.Path != "pytorch-2.14.1/native_functions.yaml" || len(d.Ops) != 3103 {
		t.Errorf("Default: version %s, embedded %v, path %s, %d ops", d.Version, d.Embedded, d.Path, len(d.Ops))
	}
	e, err := Embedded("1.13")
	if err != nil {
		t.Fatal(err)
	}
	s := loadPyTorch(t)
	if e.Version != "1.13.1" || s.Version != "1.13.1" || s.Embedded || len(e.Ops) != len(s.Ops) {
		t.Fatalf("embedded: %s %d ops, file: %s %d ops", e.Version, len(e.Ops), s.Version, len(s.Ops))
	}
	for i := range e.Ops {
		if opLine(e.Ops[i]) != opLine(s.Ops[i]) {
			t.Fatalf("op %d: %s, file %s", i, opLine(e.Ops[i]), opLine(s.Ops[i]))
		}
	}
	if _, err := Embedded("9.9"); err == nil || err.Error() != `unknown PyTorch version "9.9": assertgen has the rules and data of PyTorch 1.13.1 (1.13), PyTorch 2.6.0 (2.6) and PyTorch 2.14.1 (2.14)` {
		t.Errorf("Embedded(9.9): %v", err)
	}
}

// TestSignatureKey checks that AppendSignatureKey groups ops exactly as
// torchgen's signature() does: two ops have the same key if and only if
// their Signature prints the same.
func TestSignatureKey(t *testing.T) {
	s := loadPyTorch(t)
	byKey := map[string]string{}
	bySig := map[string]string{}
	for _, o := range s.Ops {
		key := string(o.Func.AppendSignatureKey(nil, false, false))
		sig := o.Func.Signature(false).String()
		if other, ok := byKey[key]; ok && other != sig {
			t.Errorf("%s: key %s also for signature %s, not %s", o.Name, key, other, sig)
		}
		if other, ok := bySig[sig]; ok && other != key {
			t.Errorf("%s: signature %s has keys %s and %s", o.Name, sig, other, key)
		}
		byKey[key], bySig[sig] = sig, key
	}
	if len(byKey) != len(bySig) || len(byKey) < 1500 {
		t.Errorf("%d keys, %d signatures", len(byKey), len(bySig))
	}
}
