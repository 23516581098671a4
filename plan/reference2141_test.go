package plan

import (
	"maps"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/allowlist"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/checktable"
	"github.com/assertgen/assertgen/schema"
)

// TestReference2141 compares the pytorch plan of the embedded 2.14.1
// schema with PyTorch 2.14.1's generated VariableType
// (testdata/reference/pytorch-2.14.1, from torchgen 2.14.1 and its
// autograd codegen): every op, its kernel decision, its rows in order with
// their guards. 2.14 asserts impl_use_count_eq_fresh where 1.13.1 and
// 2.6.0 assert impl_use_count_le_1 (rules.ImplUseCheck).
func TestReference2141(t *testing.T) {
	s, err := schema.Embedded("2.14.1")
	if err != nil {
		t.Fatal(err)
	}
	d, err := schema.PyTorchDerivatives("2.14.1")
	if err != nil {
		t.Fatal(err)
	}
	compareReference(t, s, "2.14.1", Options{PyTorchVersion: "2.14", Derivatives: d}, true)

	// The totals of the acceptance: 1,589 ops with a kernel, whose rows
	// are PyTorch's; the 1,514 others have none.
	_, ref := readReference(t, "2.14.1")
	p, err := BuildWith(s, Options{Profile: PyTorch, PyTorchVersion: "2.14", Derivatives: d})
	if err != nil {
		t.Fatal(err)
	}
	kernels, others := 0, 0
	counts := map[string]int{}
	for _, op := range p.Ops {
		rows := refRows(op, true)
		if !ref[op.Name].kernel() {
			others++
			if len(rows) != 0 {
				t.Errorf("%s: PyTorch 2.14.1 generates no kernel, the plan has %d rows", op.Name, len(rows))
			}
			continue
		}
		kernels++
		for _, row := range rows {
			counts[strings.Fields(row)[0]]++
		}
	}
	want := map[string]int{"same_storage": 3047, "same_impl": 3047, "storage_use_count_eq_1": 856,
		"impl_use_count_eq_fresh": 894, "shares_storage": 35}
	if kernels != 1589 || others != 1514 || !maps.Equal(counts, want) {
		t.Errorf("%d kernel ops, %d others, rows %v; want 1589, 1514, %v", kernels, others, counts, want)
	}
	if p.Policy != checks.PyTorch {
		t.Errorf("2.14's wrappers run under %v, want pytorch", p.Policy)
	}
}

// TestFreshImplCheckByRelease: the TensorImpl use-count check of a fresh
// return is impl_use_count_le_1 up to 2.6 and impl_use_count_eq_fresh
// from 2.14, under both profiles, and nothing else changes between the
// two: a 2.14 plan with its eq_fresh rows renamed is the plan that the
// 2.6 rules give the same schema.
func TestFreshImplCheckByRelease(t *testing.T) {
	for _, prof := range []Profile{Strict, PyTorch} {
		plans := map[string]*Plan{}
		for _, v := range []string{"1.13", "2.6", "2.14"} {
			s, err := schema.ParseList("fresh.txt", []byte(`add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
split.Tensor(Tensor(a -> *) self, SymInt split_size, int dim=0) -> Tensor(a)[]
transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a)
lift_fresh(Tensor(a) self) -> Tensor(a)
`))
			if err != nil {
				t.Fatal(err)
			}
			r, err := lookupRelease(v)
			if err != nil {
				t.Fatal(err)
			}
			s.Version = r.Version // a list read under the release's rules
			p, err := BuildWith(s, Options{Profile: prof, PyTorchVersion: v})
			if err != nil {
				t.Fatal(err)
			}
			plans[v] = p
			want, other := checks.ImplUseCountLE1, checks.ImplUseCountEqFresh
			if v == "2.14" {
				want, other = other, want
			}
			n := 0
			for _, op := range p.Ops {
				for _, c := range op.Checks {
					if c.Name == other {
						t.Errorf("%s %s: %s plans %v", prof, v, op.Name, other)
					}
					if c.Name == want {
						n++
					}
				}
				for _, sk := range op.Skipped {
					if sk.Name == other {
						t.Errorf("%s %s: %s skips %v", prof, v, op.Name, other)
					}
				}
			}
			if n == 0 {
				t.Errorf("%s %s: no %v row", prof, v, want)
			}
		}
		// Renamed, 2.14's plan is 2.6's.
		a, b := planLines(plans["2.6"]), planLines(plans["2.14"])
		b = []byte(strings.ReplaceAll(string(b), `"impl_use_count_eq_fresh"`, `"impl_use_count_le_1"`))
		b = []byte(strings.ReplaceAll(string(b), `"pytorch_version":"2.14"`, `"pytorch_version":"2.6"`))
		if string(a) != string(b) {
			t.Errorf("%s: the 2.14 plan differs from the 2.6 plan beyond the use-count check:\n2.6:\n%s\n2.14:\n%s", prof, a, b)
		}
	}
}

// explain says which use-count check a release's plan has, in plain
// words, and names it as the check not_arg_handle is part of.
func TestExplainFreshImplCheck(t *testing.T) {
	for _, tc := range []struct{ version, want, notWant string }{
		{"2.14", "impl_use_count_eq_fresh  return 0        return 0 is a TensorImpl held only by the returned handle, and by the foreign object bound to it (a PyObject) if it has one: use count 1, or 2 with such an object (PyTorch 2.14's expected_fresh_use_count)",
			"impl_use_count_le_1"},
		{"2.6", "impl_use_count_le_1      return 0        return 0 is a TensorImpl nothing else holds (use count <= 1)",
			"impl_use_count_eq_fresh"},
	} {
		s, err := schema.Embedded(tc.version)
		if err != nil {
			t.Fatal(err)
		}
		for _, prof := range []Profile{PyTorch, Strict} {
			var b strings.Builder
			if err := Explain(&b, s, "clone", Options{Profile: prof}); err != nil {
				t.Fatal(err)
			}
			out := strings.Join(strings.Fields(b.String()), " ") // column widths vary
			if !strings.Contains(out, strings.Join(strings.Fields(tc.want), " ")) || strings.Contains(out, tc.notWant) {
				t.Errorf("%s %s: explain clone:\n%s\nwant %q, and no %s", tc.version, prof, out, tc.want, tc.notWant)
			}
			k := strings.Fields(tc.want)[0]
			if !strings.Contains(out, "(part of "+k+")") {
				t.Errorf("%s %s: not_arg_handle is not said to be part of %s:\n%s", tc.version, prof, k, out)
			}
		}
	}
}

// An allowlist names impl_use_count_eq_fresh like any check: a skip entry
// drops it, with its not_arg_handle rows, from a 2.14 plan.
func TestAllowlistNamesEqFresh(t *testing.T) {
	user, err := allowlist.Parse("user.yaml", []byte(`skip:
  - op: clone
    check: impl_use_count_eq_fresh
    reason: our clone is copy-on-write
`))
	if err != nil {
		t.Fatal(err)
	}
	d, err := allowlist.Defaults()
	if err != nil {
		t.Fatal(err)
	}
	s, err := schema.Embedded("2.14")
	if err != nil {
		t.Fatal(err)
	}
	p, err := BuildWith(s, Options{Profile: Strict, Allowlist: allowlist.Merge(d, user)})
	if err != nil {
		t.Fatal(err)
	}
	for _, op := range p.Ops {
		if op.Name != "clone" {
			continue
		}
		for _, c := range op.Checks {
			if checktable.ImplUseCount(c.Name) || c.Name == checks.NotArgHandle {
				t.Errorf("clone still checks %v", c.Name)
			}
		}
		got := map[checks.Check]string{}
		for _, sk := range op.Skipped {
			got[sk.Name] = sk.Source + ": " + sk.Reason
		}
		want := "user.yaml:2: our clone is copy-on-write"
		if got[checks.ImplUseCountEqFresh] != want || got[checks.NotArgHandle] != want {
			t.Errorf("clone's skips %v, want impl_use_count_eq_fresh and not_arg_handle from %q", got, want)
		}
		return
	}
	t.Fatal("no clone in the 2.14.1 schema")
}
