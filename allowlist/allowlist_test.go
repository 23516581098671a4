package allowlist

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/schema"
)

// testSchema is a small native_functions.yaml with one op of each shape
// the lint cares about.
const testSchemaYAML = `- func: add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
  dispatch:
    CPU: add
- func: add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)
  dispatch:
    CPU: add_
- func: add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)
  dispatch:
    CPU: add_out
- func: transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a)
  dispatch:
    CompositeExplicitAutograd: transpose
- func: transpose_(Tensor(a!) self, int dim0, int dim1) -> Tensor(a!)
  tags: inplace_view
  dispatch:
    CompositeExplicitAutograd: transpose_
- func: _unsafe_view(Tensor self, SymInt[] size) -> Tensor
  dispatch:
    CompositeExplicitAutograd: _unsafe_view
- func: dequantize.self(Tensor self) -> Tensor
  dispatch:
    CPU: dequantize
- func: __iand__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)
- func: native_batch_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? running_var, bool training, float momentum, float eps) -> (Tensor, Tensor, Tensor)
  dispatch:
    CPU: batch_norm_cpu
`

func loadTestSchema(t testing.TB) *schema.Schema {
	t.Helper()
	s, err := schema.ParseYAML("test.yaml", []byte(testSchemaYAML), schema.Options{NoAutogen: true})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestMatches(t *testing.T) {
	s := loadTestSchema(t)
	for _, tc := range []struct {
		match Match
		op    string
		want  string // matched op names
	}{
		{Selector, "add.Tensor", "add.Tensor"},
		{Selector, "add.*", "add.Tensor add.out"},
		{Selector, "add_.*", "add_.Tensor"},
		{Selector, "add", ""},
		{Selector, "transpose_", "transpose_"},
		{Selector, "_unsafe_view", "_unsafe_view"},
		{Selector, "__iand__.Tensor", "__iand__.Tensor"},
		{BaseName, "transpose", "transpose.int transpose_"},
		{BaseName, "add", "add.Tensor add_.Tensor add.out"},
		{BaseName, "and", "__iand__.Tensor"},
		{BaseName, "__iand__", ""},
		{CppName, "add", "add.Tensor"},
		{CppName, "add_", "add_.Tensor"},
		{CppName, "add_out", "add.out"},
		{CppName, "transpose", "transpose.int"},
		{WrapperName, "add_Tensor", "add.Tensor"},
		{WrapperName, "add_out_out", "add.out"},
		{WrapperName, "dequantize_self", "dequantize.self"},
		{WrapperName, "_unsafe_view", "_unsafe_view"},
		{WrapperName, "__iand___Tensor", "__iand__.Tensor"},
	} {
		e := &Entry{Op: tc.op, Match: tc.match, Ret: -1}
		var got []string
		for _, o := range s.Ops {
			if e.Matches(o.Func) {
				got = append(got, o.Name)
			}
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("%s %s: matches %q, want %q", tc.match, tc.op, g, tc.want)
		}
		// Lint's lookup by base name must agree with Matches.
		var byBase []string
		for _, o := range newOpsByBase(s).matching(e) {
			byBase = append(byBase, o.Name)
		}
		if !slices.Equal(byBase, got) {
			t.Errorf("%s %s: by base name %q, want %q", tc.match, tc.op, byBase, got)
		}
		// The index must agree with Matches.
		ix := newIndex(s, []*Entry{e})
		var viaIndex []string
		for i, o := range s.Ops {
			if len(ix.Entries(i)) > 0 {
				viaIndex = append(viaIndex, o.Name)
			}
		}
		if g := strings.Join(viaIndex, " "); g != tc.want {
			t.Errorf("%s %s: index matches %q, want %q", tc.match, tc.op, g, tc.want)
		}
	}
}

// TestParseErrors lists every problem Parse reports, with its position.
func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"unknown category", "skip_everything:\n  - op: add.Tensor\n    reason: r\n",
			`a.yaml:1:1: unknown category "skip_everything"`},
		{"missing reason", "may_alias:\n  - op: add.Tensor\n",
			"a.yaml:2:5: may_alias: entry without reason: say why it is needed"},
		{"empty reason", "may_alias:\n  - op: add.Tensor\n    reason: \"  \"\n",
			"a.yaml:3:13: may_alias: empty reason: say why the entry is needed"},
		{"missing op", "may_alias:\n  - reason: r\n",
			"a.yaml:2:5: may_alias: entry without op"},
		{"unknown key", "views:\n  - op: _unsafe_view\n    arg: self\n    reasn: r\n",
			`a.yaml:4:5: views: unknown key "reasn"`},
		{"key of another category", "may_alias:\n  - op: add.Tensor\n    check: no_mutation\n    reason: r\n",
			`a.yaml:3:5: may_alias: unknown key "check"`},
		{"unknown check", "skip:\n  - op: add.Tensor\n    check: no_mutations\n    reason: r\n",
			`a.yaml:3:12: skip: unknown check "no_mutations"`},
		{"skip without check", "skip:\n  - op: add.Tensor\n    reason: r\n",
			"a.yaml:2:5: skip: entry without check: name the check to skip"},
		{"views without arg", "views:\n  - op: _unsafe_view\n    reason: r\n",
			"a.yaml:2:5: views: entry without arg: name the argument the op returns a view of"},
		{"bad selector", "may_alias:\n  - op: add.\n    reason: r\n",
			`a.yaml:2:9: may_alias: op "add.": empty overload`},
		{"overload and every overload", "may_alias:\n  - op: add.Tensor.*\n    reason: r\n",
			`a.yaml:2:9: may_alias: op "add.Tensor.*": invalid overload name "Tensor.*" (want name, name.overload or name.*)`},
		{"every op", "may_alias:\n  - op: \"*\"\n    reason: r\n",
			`a.yaml:2:9: may_alias: op "*": an allowlist entry names the ops it exempts (name, name.overload or name.*), not every op`},
		{"pattern", "may_alias:\n  - op: add*\n    reason: r\n",
			`a.yaml:2:9: may_alias: op "add*": "add*" is not an op selector (an op name, name.* for its overloads or * for every op)`},
		{"bad match", "may_alias:\n  - op: add\n    match: cpp\n    reason: r\n",
			`a.yaml:3:12: may_alias: unknown match "cpp"`},
		{"selector with match", "may_alias:\n  - op: add.Tensor\n    match: cpp_name\n    reason: r\n",
			`a.yaml:2:9: may_alias: op "add.Tensor": a cpp_name is a plain name`},
		{"bad profile", "may_alias:\n  - op: add.Tensor\n    profiles: [loose]\n    reason: r\n",
			`a.yaml:3:16: may_alias: unknown profile "loose"`},
		// A runtime profile is not a plan profile: versions: selects releases.
		{"runtime profile", "may_alias:\n  - op: add.Tensor\n    profiles: [pytorch-1.13]\n    reason: r\n",
			`a.yaml:3:16: may_alias: unknown profile "pytorch-1.13"`},
		{"bad versions", "may_alias:\n  - op: add.Tensor\n    versions: \">=two\"\n    reason: r\n",
			`a.yaml:3:15: may_alias: versions: bad version "two"`},
		{"bad ret", "skip:\n  - op: add.Tensor\n    check: returns_arg\n    ret: first\n    reason: r\n",
			`a.yaml:4:10: skip: ret: want a return index`},
		{"arg and ret", "skip:\n  - op: add.Tensor\n    check: returns_arg\n    ret: 0\n    arg: self\n    reason: r\n",
			"a.yaml:2:5: skip: an entry limits the check to an argument or a return, not both"},
		{"not a list", "skip: add.Tensor\n",
			"a.yaml:1:7: skip: want a list of entries"},
		{"invalid yaml", "skip:\n\t- op: add\n",
			"a.yaml:2:1: yaml: found character that cannot start any token"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("a.yaml", []byte(tc.src))
			if err == nil {
				t.Fatalf("no error, want %s", tc.want)
			}
			if !hasLine(err, tc.want) {
				t.Errorf("error:\n%v\nwant a line starting with:\n%s", err, tc.want)
			}
			var el schema.ErrorList
			if !errors.As(err, &el) {
				t.Errorf("error is %T, want schema.ErrorList", err)
			}
		})
	}
}

// TestLint covers each problem class of Lint with its exact position.
func TestLint(t *testing.T) {
	s := loadTestSchema(t)
	for _, tc := range []struct {
		name, src, want string
	}{
		{"typo", "may_alias:\n  - op: tranpose.int\n    reason: r\n",
			`u.yaml:2:9: may_alias: unknown op "tranpose.int" in test.yaml; did you mean transpose.int?`},
		{"overloads only", "may_alias:\n  - op: add\n    reason: r\n",
			`u.yaml:2:9: may_alias: unknown op "add": it has only overloads; use add.* for all of them, or one of add.Tensor, add.out`},
		{"typo in a name.*", "may_alias:\n  - op: ad.*\n    reason: r\n",
			`u.yaml:2:9: may_alias: "ad.*" selects no op of test.yaml; did you mean add.*?`},
		{"stale", "skip_impl_use_count:\n  - op: _nested_tensor_storage_offsets\n    reason: r\n",
			`u.yaml:2:9: skip_impl_use_count: stale entry: unknown op "_nested_tensor_storage_offsets" in test.yaml`},
		{"stale cpp_name", "skip_input_identity:\n  - op: _unsafe_masked_index\n    match: cpp_name\n    reason: r\n",
			`u.yaml:2:9: skip_input_identity: stale entry: no op with cpp_name "_unsafe_masked_index" in test.yaml`},
		{"typo wrapper_name", "skip_impl_use_count:\n  - op: dequantize_slf\n    match: wrapper_name\n    reason: r\n",
			`u.yaml:2:9: skip_impl_use_count: unknown op "dequantize_slf"; did you mean "dequantize_self"?`},
		{"duplicate", "may_alias:\n  - op: transpose.int\n    reason: r\n  - op: transpose.int\n    reason: again\n",
			"u.yaml:4:9: duplicate may_alias entry for transpose.int: same as the entry at u.yaml:2:9"},
		{"unknown argument", "views:\n  - op: _unsafe_view\n    arg: input\n    reason: r\n",
			`u.yaml:3:10: views: unknown argument "input" of _unsafe_view (arguments: self, size)`},
		{"unknown skip argument", "skip:\n  - op: native_batch_norm\n    check: no_mutation\n    arg: running_mea\n    reason: r\n",
			`u.yaml:4:10: skip: unknown argument "running_mea" of native_batch_norm`},
		{"unknown return", "skip:\n  - op: add.Tensor\n    check: impl_use_count_le_1\n    ret: 1\n    reason: r\n",
			"u.yaml:4:10: skip: unknown return 1 of add.Tensor (it has 1)"},
		{"views with no effect (in-place)", "views:\n  - op: add_.Tensor\n    arg: self\n    reason: r\n",
			"u.yaml:2:9: views: no effect on add_.Tensor: it returns no tensor that could be a view (its tensor returns, if any, are the arguments it writes)"},
		{"distinct_outputs with arg", "skip:\n  - op: native_batch_norm\n    check: distinct_outputs\n    arg: input\n    reason: r\n",
			"u.yaml:4:10: skip: distinct_outputs is a check of the whole op: it takes no arg"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u, err := Parse("u.yaml", []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			d, err := Defaults()
			if err != nil {
				t.Fatal(err)
			}
			err = Merge(d, u).Lint(s)
			if err == nil {
				t.Fatalf("no error, want %s", tc.want)
			}
			if !hasLine(err, tc.want) {
				t.Errorf("error:\n%v\nwant a line starting with:\n%s", err, tc.want)
			}
		})
	}
}

// hasLine reports whether a line of err's message starts with want.
func hasLine(err error, want string) bool {
	for _, l := range strings.Split(err.Error(), "\n") {
		if strings.HasPrefix(l, want) {
			return true
		}
	}
	return false
}

func TestLintClean(t *testing.T) {
	s := loadTestSchema(t)
	u, err := Parse("u.yaml", []byte(`
views:
  - op: _unsafe_view.*
    arg: self
    reason: reworded default
skip:
  - op: native_batch_norm
    check: no_mutation
    arg: running_mean
    reason: updated in training mode
may_alias:
  - op: transpose.*
    reason: test
`))
	if err != nil {
		t.Fatal(err)
	}
	d, _ := Defaults()
	m := Merge(d, u)
	if err := m.Lint(s); err != nil {
		t.Fatal(err)
	}
	// The user's views entry for _unsafe_view replaces the strict default,
	// not the pytorch view table (another match kind).
	n := 0
	for _, e := range m.Entries {
		if e.Category == Views && strings.HasPrefix(e.Op, "_unsafe_view") {
			n++
			if e.Match == Selector && e.Builtin {
				t.Errorf("built-in %s at %s not replaced", e.Op, e.Pos)
			}
		}
	}
	if n != 2 {
		t.Errorf("%d views entries for _unsafe_view, want 2 (the table's and the user's)", n)
	}
}

// TestDefaults checks the built-in list against PyTorch 1.13.1: every entry
// that selects no op is one of the known ones (later releases' ops and
// PyTorch's own dead entries).
func TestDefaults(t *testing.T) {
	d, err := Defaults()
	if err != nil {
		t.Fatal(err)
	}
	s, err := schema.Embedded("1.13")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range Unmatched(d, s) {
		got = append(got, e.Op)
	}
	want := "_unsafe_masked_index _unsafe_masked_index_put_accumulate _nested_tensor_storage_offsets _nested_tensor_storage_offsets " +
		"slice_inverse _nested_get_values _nested_view_from_jagged sparse_coo_tensor_with_dims_and_tensors options " +
		"__and__ __iand__ __ilshift__ __ior__ __irshift__ __ixor__ __lshift__ __or__ __rshift__ __xor__ " +
		"_sobol_engine_scramble_ _sobol_engine_initialize_state_ _coalesced_ _nested_tensor_storage_offsets"
	if g := strings.Join(got, " "); g != want {
		t.Errorf("unmatched defaults:\n got %s\nwant %s", g, want)
	}
	for _, e := range d.Entries {
		if !e.Builtin || e.Reason == "" || !strings.HasPrefix(e.Source(), "defaults.yaml:") {
			t.Errorf("%s: %s %s: builtin %v, reason %q, source %s", e.Pos, e.Category, e.Op, e.Builtin, e.Reason, e.Source())
		}
	}
}

func TestVersions(t *testing.T) {
	for _, tc := range []struct {
		constraint, version string
		want                bool
	}{
		{">=2.0", "1.13", false},
		{">=2.0", "2.0", true},
		{">=2.0", "2.1.2", true},
		{"<2.0", "1.13.1", true},
		{"1.13", "1.13.1", true},
		{"==1.13", "1.12", false},
		{">=1.10, <2.1", "2.0", true},
		{">=1.10, <2.1", "2.1", false},
		{"<=1.13", "1.13.1", true},
		{">1.13", "1.13.1", false},
	} {
		bs, err := parseVersions(tc.constraint)
		if err != nil {
			t.Fatal(err)
		}
		if got := versionOK(bs, tc.version); got != tc.want {
			t.Errorf("%q on %s: %v, want %v", tc.constraint, tc.version, got, tc.want)
		}
	}
}

func TestParseFile(t *testing.T) {
	if _, err := ParseFile("testdata/does-not-exist.yaml"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	l, err := ParseFile("testdata/example.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range l.Entries {
		if !strings.HasPrefix(e.Source(), "testdata/example.yaml:") {
			t.Errorf("source %s", e.Source())
		}
	}
}

func ExampleParse() {
	l, err := Parse("my.yaml", []byte(`
views:
  - op: _unsafe_view
    arg: self
    reason: the kernel returns a view of self although the schema says fresh
skip:
  - ops: [native_batch_norm.*, cudnn_batch_norm.*]
    check: no_mutation
    arg: running_mean
    reason: updated in place in training mode
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range l.Entries {
		check := ""
		if e.Category == Skip {
			check = e.Check.String()
		}
		fmt.Printf("%s %s %s %s (%s)\n", e.Source(), e.Category, e.Op, e.Arg, check)
	}
	// Output:
	// my.yaml:3 views _unsafe_view self ()
	// my.yaml:7 skip native_batch_norm.* running_mean (no_mutation)
	// my.yaml:7 skip cudnn_batch_norm.* running_mean (no_mutation)
}

func ExampleList_Lint() {
	s, _ := schema.Embedded("1.13")
	u, _ := Parse("my.yaml", []byte(`
may_alias:
  - op: tranpose.int
    reason: a typo
`))
	d, _ := Defaults()
	fmt.Println(Merge(d, u).Lint(s))
	// Output:
	// my.yaml:3:9: may_alias: unknown op "tranpose.int" in pytorch-1.13.1/native_functions.yaml; did you mean transpose.int?
}

func ExampleUnmatched() {
	s, _ := schema.Embedded("1.13")
	d, _ := Defaults()
	for _, e := range Unmatched(d, s)[:3] {
		fmt.Printf("%s: %s %s (%s)\n", e.Pos, e.Category, e.Op, e.Match)
	}
	// Output:
	// defaults.yaml:43:11: skip_input_identity _unsafe_masked_index (cpp_name)
	// defaults.yaml:43:33: skip_input_identity _unsafe_masked_index_put_accumulate (cpp_name)
	// defaults.yaml:57:9: skip_impl_use_count _nested_tensor_storage_offsets (wrapper_name)
}

func ExampleIndex() {
	s, _ := schema.Embedded("1.13")
	d, _ := Defaults()
	ix := d.Index(s, "pytorch", "1.13")
	for i, o := range s.Ops {
		if o.Name == "transpose.int" || o.Name == "dequantize.self" {
			for _, e := range ix.Entries(i) {
				fmt.Printf("%s: %s %s (%s, %s)\n", o.Name, e.Category, e.Op, e.Match, e.Source())
			}
		}
	}
	// Output:
	// transpose.int: views transpose (base_name, defaults.yaml:87)
	// dequantize.self: skip_impl_use_count dequantize_self (wrapper_name, defaults.yaml:53)
	// dequantize.self: skip_storage_use_count dequantize_self (wrapper_name, defaults.yaml:71)
}
