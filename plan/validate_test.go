package plan

import (
	"fmt"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/pytorch"
	"github.com/assertgen/assertgen/schema"
)

// TestBuiltPlansValid: every plan Build makes of an embedded release,
// under both profiles, with and without use counts, is valid.
func TestBuiltPlansValid(t *testing.T) {
	for _, r := range pytorch.Releases {
		s, err := schema.Embedded(r.Version)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range []Options{{Profile: Strict}, {Profile: PyTorch}, {Profile: Strict, Identity: OwnIDs}, {Profile: Strict, Identity: Memory}} {
			p, err := BuildWith(s, o)
			if err != nil {
				t.Fatal(err)
			}
			if err := p.Validate(); err != nil {
				t.Errorf("%s %s (identity %s): %v", r.Version, o.Profile, o.Identity, err)
			}
		}
	}
}

// TestValidate: each row, skip and op a printer cannot take is an error
// at the op's place in its schema, naming the op.
func TestValidate(t *testing.T) {
	s, err := schema.ParseList("v.txt", []byte(`add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
split.Tensor(Tensor(a -> *) self, SymInt split_size, int dim=0) -> Tensor(a)[]
aminmax(Tensor self, *, int? dim=None, bool keepdim=False) -> (Tensor min, Tensor max)
_nested_tensor_size(Tensor self) -> Tensor
sym_size.int(Tensor self, int dim) -> SymInt
`))
	if err != nil {
		t.Fatal(err)
	}
	zero, one, two := 0, 1, 2
	for _, tc := range []struct {
		op      int
		rows    []Check
		skipped []Skip
		goName  string
		want    string
	}{
		{op: 0, rows: []Check{{Name: checks.NumPlanChecks}}, want: fmt.Sprintf("v.txt:1:1: add.Tensor: unknown check check(%d)", checks.NumPlanChecks)},
		{op: 0, skipped: []Skip{{Check: Check{Name: checks.NumPlanChecks + 1}}}, want: fmt.Sprintf("v.txt:1:1: add.Tensor: unknown skipped check check(%d)", checks.NumPlanChecks+1)},
		{op: 0, rows: []Check{{Name: checks.SameImpl, Arg: "nope"}}, want: "v.txt:1:1: add.Tensor: same_impl on unknown argument nope"},
		{op: 0, rows: []Check{{Name: checks.SameImpl, Arg: "alpha"}}, want: "v.txt:1:1: add.Tensor: argument alpha of type Scalar cannot be checked"},
		{op: 0, rows: []Check{{Name: checks.SameContent, Arg: "self", Ret: &zero}}, want: "v.txt:1:1: add.Tensor: same_content on argument self and return 0: it takes an argument"},
		{op: 0, rows: []Check{{Name: checks.SameImpl}}, want: "v.txt:1:1: add.Tensor: same_impl on nothing: it takes an argument"},
		{op: 0, rows: []Check{{Name: checks.ImplUseCountLE1, Arg: "self", Ret: &zero}}, want: "v.txt:1:1: add.Tensor: impl_use_count_le_1 on argument self and return 0: it takes a return"},
		{op: 0, rows: []Check{{Name: checks.StorageUseCountEq1}}, want: "v.txt:1:1: add.Tensor: storage_use_count_eq_1 on nothing: it takes a return"},
		{op: 0, rows: []Check{{Name: checks.ImplUseCountLE1, Ret: &one}}, want: "v.txt:1:1: add.Tensor: impl_use_count_le_1 on unknown return 1"},
		{op: 0, rows: []Check{{Name: checks.NotArgHandle, Ret: &zero, Arg: "nope"}}, want: "v.txt:1:1: add.Tensor: not_arg_handle on unknown argument nope"},
		{op: 0, rows: []Check{{Name: checks.SharesStorage, Ret: &zero}}, want: "v.txt:1:1: add.Tensor: shares_storage on return 0: it takes a return and an argument"},
		{op: 0, rows: []Check{{Name: checks.SameImpl, Arg: "self", Rets: []int{0}}}, want: "v.txt:1:1: add.Tensor: same_impl on argument self and returns [0]: it takes an argument"},
		{op: 2, rows: []Check{{Name: checks.DistinctOutputs, Rets: []int{0, 2}}}, want: "v.txt:3:1: aminmax: distinct_outputs on unknown return 2"},
		{op: 2, rows: []Check{{Name: checks.DistinctOutputs, Ret: &two}}, want: "v.txt:3:1: aminmax: distinct_outputs on return 2: it takes the returns it compares (rets)"},
		{op: 4, rows: []Check{{Name: checks.ImplUseCountLE1, Ret: &zero}}, want: "v.txt:5:1: sym_size.int: return 0 of type SymInt cannot be checked"},
		{op: 1, rows: []Check{{Name: checks.ReturnsArg, Ret: &zero, Arg: "self"}}, want: "v.txt:2:1: split.Tensor: returns_arg between return 0 (Tensor[]) and argument self (Tensor) is not supported"},
		{op: 0, goName: "-", want: "v.txt:1:1: op add.Tensor of the plan has no Go name"},
		{op: 0, goName: "addTensor", want: `v.txt:1:1: op add.Tensor: Go name "addTensor" is not an exported identifier`},
		{op: 0, goName: "SplitTensor", want: "v.txt:2:1: op split.Tensor: Go name SplitTensor is also op add.Tensor's"},
	} {
		p, err := Build(s, Strict)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("the plan as built: %v", err)
		}
		op := p.Ops[tc.op]
		if tc.rows != nil || tc.skipped != nil {
			op.Checks, op.Skipped = tc.rows, tc.skipped
		}
		switch tc.goName {
		case "":
		case "-":
			op.GoName = ""
		default:
			op.GoName = tc.goName
		}
		err = p.Validate()
		if err == nil || err.Error() != tc.want {
			t.Errorf("got %v\nwant %s", err, tc.want)
		}
	}
}

// TestValidatePolicy: a skip policy asserts does not have, and an op
// without its schema op, are errors of the plan.
func TestValidatePolicy(t *testing.T) {
	s, err := schema.ParseList("v.txt", []byte("neg(Tensor self) -> Tensor\n"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Build(s, Strict)
	if err != nil {
		t.Fatal(err)
	}
	p.Policy = checks.Policy(9)
	p.Ops[0].Src = nil
	err = p.Validate()
	if err == nil || !strings.Contains(err.Error(), "plan: unknown skip policy policy(9)") || !strings.Contains(err.Error(), "plan: op neg has no schema op") {
		t.Errorf("got %v", err)
	}
}
