package plan

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/allowlist"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/schema"
)

func loadSmall(t *testing.T) *schema.Schema {
	t.Helper()
	s, err := schema.Load("testdata/small/native_functions.yaml", "", schema.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// rowsOf renders an op's rows compactly: "same_impl(self) shares_storage(0,self)".
func rowsOf(cs []Check) string {
	var parts []string
	for _, c := range cs {
		var in []string
		if c.Ret != nil {
			in = append(in, fmt.Sprint(*c.Ret))
		}
		if c.Arg != "" {
			in = append(in, c.Arg)
		}
		parts = append(parts, c.Name.String()+"("+strings.Join(in, ",")+")")
	}
	return strings.Join(parts, " ")
}

func skipRows(ss []Skip) []Check {
	var cs []Check
	for _, s := range ss {
		cs = append(cs, s.Check)
	}
	return cs
}

// TestPyTorchKernels covers the kernel rules on a small schema, with a
// derivatives.yaml, with the same file in flow-style YAML, and without one.
func TestPyTorchKernels(t *testing.T) {
	s := loadSmall(t)
	for _, tc := range []struct {
		derivatives string
		want        map[string]string // op -> source of its no-kernel skips, "" for a kernel
	}{
		{"testdata/small/derivatives.yaml", map[string]string{
			"foo": "", "foo_": "", "foo.out": "", "myview": "", "myview_copy": "", "quux": "",
			"bar":     "profile:pytorch",
			"baz":     "profile:pytorch",
			"nondiff": "testdata/small/derivatives.yaml:15",
			"may":     "profile:pytorch",
		}},
		{"testdata/small/flow-derivatives.yaml", map[string]string{
			"foo": "", "foo_": "", "foo.out": "", "myview": "", "myview_copy": "", "quux": "",
			"bar": "profile:pytorch", "baz": "profile:pytorch", "may": "profile:pytorch",
			"nondiff": "testdata/small/flow-derivatives.yaml:8",
		}},
		{"", map[string]string{
			"foo": "", "foo_": "", "foo.out": "", "myview": "", "myview_copy": "", "baz": "",
			"bar": "profile:pytorch", "quux": "profile:pytorch", "nondiff": "profile:pytorch", "may": "profile:pytorch",
		}},
	} {
		t.Run(tc.derivatives, func(t *testing.T) {
			opts := Options{Profile: PyTorch}
			if tc.derivatives != "" {
				d, err := schema.LoadDerivatives(tc.derivatives)
				if err != nil {
					t.Fatal(err)
				}
				opts.Derivatives = d
			}
			p, err := BuildWith(s, opts)
			if err != nil {
				t.Fatal(err)
			}
			if p.Derivatives != tc.derivatives || p.PyTorchVersion != "2.14" { // a yaml of no known release: the newest
				t.Errorf("plan derivatives %q, version %q", p.Derivatives, p.PyTorchVersion)
			}
			for _, op := range p.Ops {
				want, ok := tc.want[op.Name]
				if !ok {
					t.Fatalf("unexpected op %s", op.Name)
				}
				got := ""
				if len(op.Checks) == 0 {
					for _, sk := range op.Skipped {
						if strings.HasPrefix(sk.Reason, "no VariableType kernel") {
							got = sk.Source
						}
					}
				}
				if got != want {
					t.Errorf("%s: no-kernel source %q, want %q (checks %s)", op.Name, got, want, rowsOf(op.Checks))
				}
				if want != "" && tc.derivatives == "" && !strings.Contains(op.Skipped[0].Reason, "no derivatives.yaml given") {
					t.Errorf("%s: reason %q does not say there was no derivatives.yaml", op.Name, op.Skipped[0].Reason)
				}
			}
		})
	}
}

func TestDerivativesErrors(t *testing.T) {
	s := loadSmall(t)
	d, err := schema.LoadDerivatives("testdata/small/bad-derivatives.yaml")
	if err != nil {
		t.Fatal(err)
	}
	_, err = BuildWith(s, Options{Profile: PyTorch, Derivatives: d})
	want := "testdata/small/bad-derivatives.yaml:3:9: derivatives entry nope: no op with this schema in testdata/small/native_functions.yaml\n" +
		"testdata/small/bad-derivatives.yaml:5:25: derivatives entry bad: expected ',' or ')' after argument, found '->'"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error:\n%v\nwant prefix:\n%s", err, want)
	}
}

// TestStrictRules covers the strict profile's return rules on the small
// schema and on a schema list, both read as the newest release (2.14.1,
// whose use-count check of a fresh return is impl_use_count_eq_fresh).
func TestStrictRules(t *testing.T) {
	small := loadSmall(t)
	list, err := schema.Load("testdata/small/list.txt", "", schema.Options{})
	if err != nil {
		t.Fatal(err)
	}
	user, err := allowlist.Parse("user.yaml", []byte(`
may_alias:
  - op: myview
    reason: test
skip:
  - op: foo
    check: binding_context
    reason: test
  - op: myview
    check: same_content
    arg: self
    reason: test
`))
	if err != nil {
		t.Fatal(err)
	}
	d, _ := allowlist.Defaults()
	mustAlias, err := allowlist.Parse("views.yaml", []byte(`
views:
  - op: may
    arg: self
    reason: our kernel always returns a view
`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		s          *schema.Schema
		allow      *allowlist.List
		op, checks string
	}{
		{small, nil, "foo", "same_impl(self) same_storage(self) no_mutation(self) same_content(self) same_metadata(self) binding_context(self) impl_use_count_eq_fresh(0) not_arg_handle(0,self) storage_use_count_eq_1(0) fresh_no_alias(0,self)"},
		{small, nil, "foo_", "same_impl(self) same_storage(self) binding_context(self) returns_arg(0,self)"},
		{small, nil, "foo.out", "same_impl(self) same_storage(self) no_mutation(self) same_content(self) same_metadata(self) binding_context(self) same_impl(out) same_storage(out) binding_context(out) returns_arg(0,out)"},
		{small, nil, "myview", "same_impl(self) same_storage(self) no_mutation(self) same_content(self) same_metadata(self) binding_context(self) impl_use_count_eq_fresh(0) not_arg_handle(0,self) shares_storage(0,self) view_holds_storage(0,self)"},
		{small, nil, "may", "same_impl(self) same_storage(self) no_mutation(self) same_content(self) same_metadata(self) binding_context(self) fresh_or_alias(0,self)"},
		// A views entry makes a may-alias return a view.
		{small, allowlist.Merge(d, mustAlias), "may", "same_impl(self) same_storage(self) no_mutation(self) same_content(self) same_metadata(self) binding_context(self) impl_use_count_eq_fresh(0) not_arg_handle(0,self) shares_storage(0,self) view_holds_storage(0,self)"},
		{small, allowlist.Merge(d, user), "myview", "same_impl(self) same_storage(self) no_mutation(self) same_metadata(self) binding_context(self) fresh_or_alias(0,self)"},
		{small, allowlist.Merge(d, user), "foo", "same_impl(self) same_storage(self) no_mutation(self) same_content(self) same_metadata(self) impl_use_count_eq_fresh(0) not_arg_handle(0,self) storage_use_count_eq_1(0) fresh_no_alias(0,self)"},
		{list, nil, "myview", "same_impl(self) same_storage(self) no_mutation(self) same_content(self) same_metadata(self) binding_context(self) impl_use_count_eq_fresh(0) not_arg_handle(0,self) shares_storage(0,self) view_holds_storage(0,self)"},
		{list, nil, "bar_", "same_impl(self) same_storage(self) binding_context(self) same_impl(other) same_storage(other) no_mutation(other) same_content(other) same_metadata(other) binding_context(other) returns_arg(0,self)"},
	} {
		p, err := BuildWith(tc.s, Options{Profile: Strict, Allowlist: tc.allow})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, op := range p.Ops {
			if op.Name == tc.op {
				found = true
				if got := rowsOf(op.Checks); got != tc.checks {
					t.Errorf("%s %s:\n got %s\nwant %s", tc.s.Path, tc.op, got, tc.checks)
				}
			}
		}
		if !found {
			t.Errorf("%s: no op %s", tc.s.Path, tc.op)
		}
	}
}

// TestNoMetadata: a runtime that cannot report metadata (config
// metadata: false) gets no same_metadata rows, and only those are gone.
func TestNoMetadata(t *testing.T) {
	small := loadSmall(t)
	with, err := BuildWith(small, Options{Profile: Strict})
	if err != nil {
		t.Fatal(err)
	}
	without, err := BuildWith(small, Options{Profile: Strict, NoMetadata: true})
	if err != nil {
		t.Fatal(err)
	}
	if !without.NoMetadata || with.NoMetadata {
		t.Error("Plan.NoMetadata does not say how the plan was made")
	}
	rows := 0
	for i, op := range with.Ops {
		var kept []Check
		for _, c := range op.Checks {
			if c.Name == checks.SameMetadata {
				rows++
				continue
			}
			kept = append(kept, c)
		}
		if got, want := rowsOf(without.Ops[i].Checks), rowsOf(kept); got != want {
			t.Errorf("%s without metadata:\n got %s\nwant %s", op.Name, got, want)
		}
	}
	if rows == 0 {
		t.Error("the strict plan of the small schema has no same_metadata row")
	}
}

// TestPyTorchVersion checks that the version selects the built-in
// entries: 2.x's view table has _test_autograd_multiple_dispatch_view.
func TestPyTorchVersion(t *testing.T) {
	s := loadPyTorch(t)
	for _, tc := range []struct{ version, want string }{
		{"", "same_storage(self) same_impl(self) storage_use_count_eq_1(0) impl_use_count_le_1(0) not_arg_handle(0,self)"},
		{"1.13", "same_storage(self) same_impl(self) storage_use_count_eq_1(0) impl_use_count_le_1(0) not_arg_handle(0,self)"},
		{"1.13.1", "same_storage(self) same_impl(self) storage_use_count_eq_1(0) impl_use_count_le_1(0) not_arg_handle(0,self)"},
	} {
		p, err := BuildWith(s, Options{Profile: PyTorch, PyTorchVersion: tc.version})
		if err != nil {
			t.Fatal(err)
		}
		for _, op := range p.Ops {
			if op.Name == "_test_autograd_multiple_dispatch_view" {
				if got := rowsOf(op.Checks); got != tc.want {
					t.Errorf("version %q: %s, want %s", tc.version, got, tc.want)
				}
			}
		}
	}
	if _, err := BuildWith(s, Options{Profile: PyTorch, PyTorchVersion: "two"}); err == nil {
		t.Error("no error for version \"two\"")
	}
	// The embedded schema is 1.13.1's: another release's lists and rules
	// do not apply to it (TestReference260Rows checks 2.6's view table).
	_, err := BuildWith(s, Options{Profile: PyTorch, PyTorchVersion: "2.6"})
	if want := "pytorch version: the schema pytorch-1.13.1/native_functions.yaml was read as PyTorch 1.13.1; 2.6 selects another release (read it with that release's rules)"; err == nil || err.Error() != want {
		t.Errorf("version 2.6: %v, want %s", err, want)
	}
	// A release assertgen has no lists and rules for is an error, not the
	// rules of another release.
	_, err = BuildWith(s, Options{Profile: PyTorch, PyTorchVersion: "2.1"})
	if want := `pytorch version: unknown PyTorch version "2.1": assertgen has the rules and data of PyTorch 1.13.1 (1.13), PyTorch 2.6.0 (2.6) and PyTorch 2.14.1 (2.14)`; err == nil || err.Error() != want {
		t.Errorf("version 2.1: %v, want %s", err, want)
	}
}

// TestNothingSkippedSilently checks, for every op of PyTorch 1.13.1, that
// the pytorch plan's emitted and skipped rows together are the rows its
// rules make with no exemption at all: a skip never drops a row.
func TestNothingSkippedSilently(t *testing.T) {
	s := loadPyTorch(t)
	p, err := Build(s, PyTorch)
	if err != nil {
		t.Fatal(err)
	}
	none := &allowlist.List{}
	d, _ := allowlist.Defaults()
	for _, e := range d.Entries {
		if e.Category == allowlist.Views && e.AppliesTo("pytorch", "1.13") {
			none.Entries = append(none.Entries, e)
		}
	}
	bare, err := BuildWith(s, Options{Profile: PyTorch, Allowlist: none})
	if err != nil {
		t.Fatal(err)
	}
	for i, op := range p.Ops {
		all := append(append([]Check{}, op.Checks...), skipRows(op.Skipped)...)
		want := append(append([]Check{}, bare.Ops[i].Checks...), skipRows(bare.Ops[i].Skipped)...)
		if rowsOf(sortChecks(all)) != rowsOf(sortChecks(want)) {
			t.Errorf("%s: rows %s, want %s", op.Name, rowsOf(all), rowsOf(want))
		}
	}
}

func sortChecks(cs []Check) []Check {
	out := append([]Check{}, cs...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if rowsOf(out[j:j+1]) < rowsOf(out[i:i+1]) {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

func TestExplainUnknownOp(t *testing.T) {
	s := loadPyTorch(t)
	err := Explain(&bytes.Buffer{}, s, "tranpose", Options{})
	var u *UnknownOpError
	if !errorsAs(err, &u) || !reflect.DeepEqual(u.Suggestions, []string{"transpose", "transpose_"}) {
		t.Errorf("error %v", err)
	}
}

func errorsAs(err error, u **UnknownOpError) bool {
	e, ok := err.(*UnknownOpError)
	*u = e
	return ok
}

// TestExplainOverloads checks that a name with overloads explains each.
func TestExplainOverloads(t *testing.T) {
	s := loadPyTorch(t)
	for _, name := range []string{"add", "add.*"} {
		var b bytes.Buffer
		if err := Explain(&b, s, name, Options{}); err != nil {
			t.Fatal(err)
		}
		var heads []string
		for _, l := range strings.Split(b.String(), "\n") {
			if strings.HasPrefix(l, "add") {
				heads = append(heads, l[:strings.IndexByte(l, '(')])
			}
		}
		if got := strings.Join(heads, " "); got != "add.Tensor add.out add.Scalar add.Scalar_out" {
			t.Errorf("%s: explains %s", name, got)
		}
	}
}

func TestParseProfile(t *testing.T) {
	for _, s := range []string{"strict", "pytorch"} {
		if p, err := ParseProfile(s); err != nil || string(p) != s {
			t.Errorf("%s: %v %v", s, p, err)
		}
	}
	if _, err := ParseProfile("loose"); err == nil {
		t.Error("loose: no error")
	}
	// An allowlist entry's profiles: names plan profiles, every one.
	for _, p := range []Profile{Strict, PyTorch} {
		src := "may_alias:\n  - op: add.Tensor\n    profiles: [" + string(p) + "]\n    reason: r\n"
		if _, err := allowlist.Parse("a.yaml", []byte(src)); err != nil {
			t.Errorf("profiles: [%s]: %v", p, err)
		}
	}
}

// TestOpsOwnTheirRows is the regression test for rows shared across ops
// (the strict plan once gave 61 ops one backing array): every op's checks
// and skips are marked with the op's own values, and then each op must
// still hold its own marks, so that changing one op's check changes no
// other op.
func TestOpsOwnTheirRows(t *testing.T) {
	s := loadPyTorch(t)
	for _, p := range []Profile{Strict, PyTorch} {
		pl, err := Build(s, p)
		if err != nil {
			t.Fatal(err)
		}
		rows := func(op *Op) []*Check {
			var cs []*Check
			for i := range op.Checks {
				cs = append(cs, &op.Checks[i])
			}
			for i := range op.Skipped {
				cs = append(cs, &op.Skipped[i].Check)
			}
			return cs
		}
		for i, op := range pl.Ops {
			for _, c := range rows(op) {
				c.Arg = op.Name
				if c.Ret != nil {
					*c.Ret = 1000 + i
				}
			}
		}
		for i, op := range pl.Ops {
			for _, c := range rows(op) {
				if c.Arg != op.Name || c.Ret != nil && *c.Ret != 1000+i {
					t.Fatalf("%s: a row of %s was changed through another op: arg %q", p, op.Name, c.Arg)
				}
			}
		}
	}
}

// TestDerivativesViewCopyEntry checks entries of derivatives.yaml that name
// a view_copy op (2.14.1's narrow_copy): torchgen 2.6 and 2.14 find them
// and prefer them to the entry the op gets from its view; torchgen 1.13
// does not have the view_copy ops among those it matches entries to.
func TestDerivativesViewCopyEntry(t *testing.T) {
	const nf = "- func: myview(Tensor(a) self) -> Tensor(a)\n  dispatch:\n    CompositeExplicitAutograd: myview\n" +
		"- func: myview_copy(Tensor self) -> Tensor\n  tags: view_copy\n  dispatch:\n    CompositeExplicitAutogradNonFunctional: myview_copy\n"
	const view = "- name: myview(Tensor(a) self) -> Tensor(a)\n  self: grad\n"
	const own = "- name: myview_copy(Tensor self) -> Tensor\n  self: non_differentiable\n"
	for _, tc := range []struct {
		version, derivatives string
		want                 string // the entry explain cites for myview_copy, or the error
	}{
		{"2.14", view, "the view op myview's derivatives.yaml entry applies to its _copy variant (d.yaml:1)"},
		{"2.14", view + own, "its derivatives.yaml entry at d.yaml:3 has no backward formula"},
		{"2.14", own + view, "its derivatives.yaml entry at d.yaml:1 has no backward formula"},
		{"2.6", view + own, "its derivatives.yaml entry at d.yaml:3 has no backward formula"},
		{"1.13", view, "the view op myview's derivatives.yaml entry applies to its _copy variant (d.yaml:1)"},
		{"1.13", view + own, "d.yaml:3:9: derivatives entry myview_copy: no op with this schema in x.yaml"},
	} {
		s, err := schema.ParseYAML("x.yaml", []byte(nf), schema.Options{Version: tc.version,
			Tags: []string{"view_copy", "generated", "pt2_compliant_tag", "inplace", "out"}})
		if err != nil {
			t.Fatal(err)
		}
		d, err := schema.ParseDerivatives("d.yaml", []byte(tc.derivatives))
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		err = Explain(&out, s, "myview_copy", Options{Profile: PyTorch, Derivatives: d})
		got := out.String()
		if err != nil {
			got = err.Error()
		}
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s %q: explain says\n%s\nwant %q", tc.version, tc.derivatives, got, tc.want)
		}
	}
}

// TestSelect: a selection narrows the plan in plan order and records where
// each op's selector is written; a selector that selects nothing, or a
// pattern that is no selector, is an error.
func TestSelect(t *testing.T) {
	p, err := Build(loadSmall(t), Strict)
	if err != nil {
		t.Fatal(err)
	}
	at := schema.Position{Filename: "assertgen.yaml", Line: 3, Column: 5}
	if err := p.Select([]string{"foo.*", "foo_", "bar"}, map[string]schema.Position{"bar": at}); err != nil || len(p.Ops) != 4 {
		t.Fatalf("Select = %d ops, %v", len(p.Ops), err)
	}
	for _, op := range p.Ops {
		if want := map[bool]string{true: "assertgen.yaml:3:5"}[op.Name == "bar"]; op.SelectedBy != want {
			t.Errorf("%s: selected_by %q, want %q", op.Name, op.SelectedBy, want)
		}
	}
	if err := p.Select([]string{"nothing"}, nil); err == nil || err.Error() != `unknown op "nothing" in the plan` {
		t.Errorf("got %v", err)
	}
	if err := p.Select([]string{"fo.*"}, nil); err == nil || err.Error() != `"fo.*" selects no op of the plan; did you mean foo.*?` {
		t.Errorf("fo.*: got %v", err)
	}
	if err := p.Select([]string{"foo*"}, nil); err == nil || !strings.Contains(err.Error(), `"foo*" is not an op selector`) {
		t.Errorf("foo*: got %v", err)
	}
	// Selectors may overlap: each selects ops, though an earlier one
	// selected them first ("op selector "bar" selects no op", before).
	if p, err = Build(loadSmall(t), Strict); err != nil {
		t.Fatal(err)
	}
	n := len(p.Ops)
	if err := p.Select([]string{"*", "bar", "foo.*"}, map[string]schema.Position{"bar": at}); err != nil || len(p.Ops) != n {
		t.Fatalf("overlapping selectors: %d ops, %v", len(p.Ops), err)
	}
	for _, op := range p.Ops {
		if op.SelectedBy != "" {
			t.Errorf("%s: selected_by %q, want none (* selected it first)", op.Name, op.SelectedBy)
		}
	}
}

// TestFollowRows: a check that follows another's rows (view_holds_storage
// after shares_storage) gets a row after each of them in the strict
// profile, on the same return and argument, none in the pytorch one; it is
// skipped with the row it follows (an allowlist entry on shares_storage),
// and where asserts has no function for the row's form (a view of an
// element of a list argument) it is skipped with that reason.
func TestFollowRows(t *testing.T) {
	s, err := schema.ParseList("views.txt", []byte(`
myview(Tensor(a) self) -> Tensor(a)
pick(Tensor(a)[] tensors, int i) -> Tensor(a)
parts(Tensor(a -> *) self, int n) -> Tensor(a)[]
other(Tensor(a) self) -> Tensor(a)
`))
	if err != nil {
		t.Fatal(err)
	}
	d, _ := allowlist.Defaults()
	user, err := allowlist.Parse("user.yaml", []byte("skip:\n  - {op: other, check: shares_storage, reason: test}\n"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := BuildWith(s, Options{Profile: Strict, Allowlist: allowlist.Merge(d, user)})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ op, checks, skipped string }{
		{"myview", "shares_storage(0,self) view_holds_storage(0,self)", ""},
		{"pick", "shares_storage(0,tensors)", "view_holds_storage(0,tensors): view_holds_storage does not run on an argument that is a list: its row in the table of checks (internal/checktable) has no function of that form (internal/checktable/table.go)"},
		{"parts", "shares_storage(0,self) view_holds_storage(0,self)", ""},
		{"other", "", "shares_storage(0,self): test (user.yaml:2); view_holds_storage(0,self): test (user.yaml:2)"},
	} {
		op := p.Ops[slices.IndexFunc(p.Ops, func(o *Op) bool { return o.Name == tc.op })]
		var views []Check
		for _, c := range op.Checks {
			if c.Name == checks.SharesStorage || c.Name == checks.ViewHoldsStorage {
				views = append(views, c)
			}
		}
		var skipped []string
		for _, sk := range op.Skipped {
			skipped = append(skipped, fmt.Sprintf("%s: %s (%s)", rowsOf([]Check{sk.Check}), sk.Reason, sk.Source))
		}
		if got := rowsOf(views); got != tc.checks {
			t.Errorf("%s: rows %s, want %s", tc.op, got, tc.checks)
		}
		if got := strings.Join(skipped, "; "); got != tc.skipped {
			t.Errorf("%s: skipped %s,\nwant %s", tc.op, got, tc.skipped)
		}
	}
	pt, err := BuildWith(s, Options{Profile: PyTorch})
	if err != nil {
		t.Fatal(err)
	}
	for _, op := range pt.Ops {
		for _, c := range append(op.Checks, skipRows(op.Skipped)...) {
			if c.Name == checks.ViewHoldsStorage {
				t.Errorf("pytorch profile: %s has a %s row", op.Name, c.Name)
			}
		}
	}
	if err := p.Validate(); err != nil {
		t.Errorf("the plan with followed rows: %v", err)
	}
}
