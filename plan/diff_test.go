package plan

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/allowlist"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/schema"
	"github.com/assertgen/assertgen/testdata/golden"
)

// A difference is one row of docs/plan.md's table of where strict differs
// from pytorch on PyTorch 1.13.1.
type difference struct {
	what string
	why  string
	// count returns the ops the difference concerns and the strict check
	// rows it is about (emitted or, for new skips, skipped).
	count func(d *diffData, i int) (op bool, rows int)
}

// diffData holds both plans of one schema and the pytorch kernel
// decisions.
type diffData struct {
	s      *schema.Schema
	py, st *Plan
	cause  []vtCause
	pyb    *builder
}

func newDiffData(t *testing.T, s *schema.Schema) *diffData {
	d := &diffData{s: s, cause: make([]vtCause, len(s.Ops))}
	var err error
	if d.py, err = Build(s, PyTorch); err != nil {
		t.Fatal(err)
	}
	if d.st, err = Build(s, Strict); err != nil {
		t.Fatal(err)
	}
	if d.pyb, err = newBuilder(s, Options{Profile: PyTorch}); err != nil {
		t.Fatal(err)
	}
	for i, o := range s.Ops {
		d.cause[i], _, _ = d.pyb.variableTypeKernel(i, o, d.pyb.ix.Entries(i), false)
	}
	return d
}

// would returns every row the pytorch profile's rules make for op i,
// emitted or skipped.
func (d *diffData) would(i int) []Check {
	op := d.py.Ops[i]
	rows := append([]Check{}, op.Checks...)
	for _, s := range op.Skipped {
		rows = append(rows, s.Check)
	}
	return rows
}

func hasRow(rows []Check, check checks.Check, ret int) bool {
	for _, r := range rows {
		if r.Name == check && r.Ret != nil && *r.Ret == ret {
			return true
		}
	}
	return false
}

// strictRows counts the strict checks of op i that satisfy keep.
func (d *diffData) strictRows(i int, keep func(c Check) bool) int {
	n := 0
	for _, c := range d.st.Ops[i].Checks {
		if keep(c) {
			n++
		}
	}
	return n
}

func allRows(Check) bool { return true }

func retIsList(f *schema.Func, c Check) bool {
	return c.Ret != nil && f.Returns[*c.Ret].Type.IsList()
}

// skippedBy reports whether a pytorch row of op i was skipped by an entry of
// category c.
func (d *diffData) skippedBy(i int, c allowlist.Category) bool {
	for _, e := range d.pyb.ix.Entries(i) {
		if e.Category != c {
			continue
		}
		for _, s := range d.py.Ops[i].Skipped {
			if s.Source == e.Source() {
				return true
			}
		}
	}
	return false
}

var differences = []difference{
	{
		what: "CompositeImplicitAutograd-only ops: no VariableType kernel in PyTorch, checked by strict",
		why:  "PyTorch wraps only the kernels autograd dispatches to; a composite op runs as calls to other ops, which are checked one by one. Strict checks the composite op's own contract too, so a decomposition that aliases or mutates against its schema is caught at the op the user called.",
		count: func(d *diffData, i int) (bool, int) {
			if d.cause[i] != vtCompositeOnly {
				return false, 0
			}
			return true, d.strictRows(i, allRows)
		},
	},
	{
		what: "Ops without a derivatives.yaml entry: PyTorch registers the autograd-not-implemented fallback, strict checks them",
		why:  "PyTorch 1.13.1 generates no kernel, hence no asserts, for an op it cannot differentiate (its boxed fallback only marks outputs as not differentiable); 351 of them are generated out= ops, which PyTorch never matches to a formula. Whether an op has a formula says nothing about its aliasing contract.",
		count: func(d *diffData, i int) (bool, int) {
			if d.cause[i] != vtFallback {
				return false, 0
			}
			return true, d.strictRows(i, allRows)
		},
	},
	{
		what: "Ops with a hand-written VariableType kernel (MANUAL_AUTOGRAD): unchecked by PyTorch, checked by strict",
		why:  "The hand-written kernels in VariableTypeManual.cpp carry no generated asserts; the schema still states what the op may do.",
		count: func(d *diffData, i int) (bool, int) {
			if d.cause[i] != vtManual {
				return false, 0
			}
			return true, d.strictRows(i, allRows)
		},
	},
	{
		what: "Ops in DONT_ENFORCE_SAME_TENSOR_IMPL_OR_STORAGE: PyTorch drops every check, strict only the input identity",
		why:  "gen_variable_type returns before emitting any check for these ops; their exemption is about inputs whose storage changes by design (set_), so strict still checks what they return and the other properties of their arguments.",
		count: func(d *diffData, i int) (bool, int) {
			if d.cause[i] != vtGenerated || !d.skippedBy(i, allowlist.SkipInputIdentity) {
				return false, 0
			}
			return true, d.strictRows(i, allRows)
		},
	},
	{
		what: "Ops with no Tensor, Tensor[] or Tensor?[] input: PyTorch drops the output checks, strict keeps them",
		why:  "PyTorch emits its checks only when there is an input to save before the call (an all-or-nothing block); a factory's output is no less required to be fresh.",
		count: func(d *diffData, i int) (bool, int) {
			if d.cause[i] != vtGenerated {
				return false, 0
			}
			for _, s := range d.py.Ops[i].Skipped {
				if s.Source == sourcePyTorchRule && s.Ret != nil {
					return true, d.strictRows(i, func(c Check) bool { return c.Ret != nil })
				}
			}
			return false, 0
		},
	},
	{
		what: "Views found from alias annotations but not in PyTorch's view table (single Tensor returns)",
		why:  "PyTorch decides views by base name (ALL_VIEW_FUNCTIONS) and checks these returns as fresh (storage use count 1), the opposite of what the schema says; strict reads the annotation. Includes _test_autograd_multiple_dispatch_view, which later releases add to the table.",
		count: func(d *diffData, i int) (bool, int) {
			n := d.strictRows(i, func(c Check) bool {
				return c.Name == checks.SharesStorage && !retIsList(d.s.Ops[i].Func, c) && !hasRow(d.would(i), checks.SharesStorage, *c.Ret) && d.s.Ops[i].Func.Returns[*c.Ret].Annotation != nil
			})
			return n > 0, n
		},
	},
	{
		what: "In PyTorch's view table but not a must-alias view for strict",
		why:  "The table is keyed by base name, so it covers overloads that are CompositeImplicitAutograd (flatten, select.Dimname, ...): strict checks those with fresh_or_alias, since a decomposition may copy.",
		count: func(d *diffData, i int) (bool, int) {
			op := false
			for _, c := range d.would(i) {
				if c.Name == checks.SharesStorage && !hasRow(d.st.Ops[i].Checks, checks.SharesStorage, *c.Ret) {
					op = true
				}
			}
			if !op {
				return false, 0
			}
			return true, d.strictRows(i, func(c Check) bool { return c.Ret != nil })
		},
	},
	{
		what: "Tensor? inputs: same_impl and same_storage",
		why:  "PyTorch skips c10::optional<Tensor> arguments (weight, bias, running_mean, ...); an optional tensor that is present is a tensor like any other.",
		count: func(d *diffData, i int) (bool, int) {
			f := d.s.Ops[i].Func
			n := d.strictRows(i, func(c Check) bool {
				a := f.Arg(c.Arg)
				return (c.Name == checks.SameImpl || c.Name == checks.SameStorage) && c.Ret == nil && a != nil && a.Type.TensorForm() == schema.TensorOptional
			})
			return n > 0, n
		},
	},
	{
		what: "Tensor[] outputs: per-element checks",
		why:  "PyTorch's codegen has no branch for std::vector<Tensor> returns, so split, unbind, chunk and the _foreach ops get no output check; strict checks every element (views for split and unbind, fresh for _foreach).",
		count: func(d *diffData, i int) (bool, int) {
			n := d.strictRows(i, func(c Check) bool { return retIsList(d.s.Ops[i].Func, c) })
			return n > 0, n
		},
	},
	{
		what: "In-place and out= returns: returns_arg",
		why:  "PyTorch checks no return of an in-place or out= op; strict checks that the op returns the very tensor it wrote, as the write annotation says.",
		count: func(d *diffData, i int) (bool, int) {
			n := d.strictRows(i, func(c Check) bool { return c.Name == checks.ReturnsArg })
			return n > 0, n
		},
	},
	{
		what: "May-alias returns: fresh_or_alias",
		why:  "reshape, contiguous, to and the like (alias-annotated, CompositeImplicitAutograd only) return a view or a copy depending on the input, and composites such as type_as, to_dense and _cast_* return their input when there is nothing to do although their schema says fresh (may_alias entries); strict accepts either and still rejects a return that shares storage with anything else.",
		count: func(d *diffData, i int) (bool, int) {
			n := d.strictRows(i, func(c Check) bool { return c.Name == checks.FreshOrAlias })
			return n > 0, n
		},
	},
	{
		what: "Unannotated returns that are views (views allowlist: _unsafe_view)",
		why:  "Its schema says fresh but its kernel returns a view on purpose, as PyTorch's table says. Strict checks shares_storage instead of a fresh storage. (unsafe_split, unsafe_chunk and the generated set.source_Tensor are may_alias: on a conj or neg input libtorch's math-bit fallback copies the argument first.)",
		count: func(d *diffData, i int) (bool, int) {
			f := d.s.Ops[i].Func
			n := d.strictRows(i, func(c Check) bool {
				return c.Name == checks.SharesStorage && f.Returns[*c.Ret].Annotation == nil
			})
			return n > 0, n
		},
	},
	{
		what: "Mutable ops (kind mutable): no_mutation on the arguments not marked !",
		why:  "PyTorch checks a mutable op's returns like a functional op's, and so does strict; the arguments it writes are exempt from no_mutation by their annotation.",
		count: func(d *diffData, i int) (bool, int) {
			if d.s.Ops[i].Kind != schema.Mutable {
				return false, 0
			}
			return true, d.strictRows(i, func(c Check) bool { return c.Name == checks.NoMutation })
		},
	},
	{
		what: "no_mutation (every tensor argument not marked !)",
		why:  "What SchemaCheckMode checks by cloning every input, at the cost of one version-counter compare per argument.",
		count: func(d *diffData, i int) (bool, int) {
			n := d.strictRows(i, func(c Check) bool { return c.Name == checks.NoMutation })
			return n > 0, n
		},
	},
	{
		what: "no_mutation skipped by the built-in allowlist (skipped rows)",
		why:  "The batch-norm family updates running_mean and running_var, and rrelu_with_noise writes noise, without a ! in 1.13.1's schemas (PyTorch's SchemaInfo special-cases them the same way).",
		count: func(d *diffData, i int) (bool, int) {
			n := 0
			for _, s := range d.st.Ops[i].Skipped {
				if s.Name == checks.NoMutation {
					n++
				}
			}
			return n > 0, n
		},
	},
	{
		what: "distinct_outputs (ops with two or more fresh outputs)",
		why:  "Fresh outputs of one call must not share storage with each other; PyTorch's per-output use counts miss it when a mode or subclass holds references.",
		count: func(d *diffData, i int) (bool, int) {
			n := d.strictRows(i, func(c Check) bool { return c.Name == checks.DistinctOutputs })
			return n > 0, n
		},
	},
	{
		what: "fresh_no_alias (each fresh return against each tensor argument)",
		why:  "SchemaCheckMode's output/input aliasing check: a fresh return shares no storage with an input. It needs no use counts, so it holds under a mode and for subclasses, where PyTorch (and strict's use-count checks) skip; outside them it is reported once, by storage_use_count_eq_1.",
		count: func(d *diffData, i int) (bool, int) {
			n := d.strictRows(i, func(c Check) bool { return c.Name == checks.FreshNoAlias })
			return n > 0, n
		},
	},
	{
		what: "binding_context (every tensor argument)",
		why:  "The PyObject-preservation bug: a storage bound in one context and handled in a hermetic one, or bound by the kernel inside one (checked before and after the call); runtimes opt in through the contract.",
		count: func(d *diffData, i int) (bool, int) {
			n := d.strictRows(i, func(c Check) bool { return c.Name == checks.BindingContext })
			return n > 0, n
		},
	},
	{
		what: "same_content (every tensor argument the schema does not mark written; opt-in at run time)",
		why:  "SchemaCheckMode's value comparison: the bytes a read-only input can reach are unchanged, which catches writes that bump no version counter (through the data pointer, or below the ADInplaceOrView layer). It reads every byte, so wrappers skip it (content_check_off) unless ASSERTGEN_CONTENT or asserts.SetContentCheck switches it on.",
		count: func(d *diffData, i int) (bool, int) {
			n := d.strictRows(i, func(c Check) bool { return c.Name == checks.SameContent })
			return n > 0, n
		},
	},
	{
		what: "same_metadata (every tensor argument the schema does not mark written)",
		why:  "No PyTorch assert compares an input's sizes, strides and storage offset: a kernel that views by rewriting its input's geometry in place and returning it (a transpose that swaps self's strides) writes no byte and keeps every identity, so no_mutation, same_content and the identity checks pass. Strict compares a fingerprint of the metadata (asserts.Metadata) before and after the kernel; runtimes that cannot report it skip the row (no_metadata_access), and a config with metadata: false plans none.",
		count: func(d *diffData, i int) (bool, int) {
			n := d.strictRows(i, func(c Check) bool { return c.Name == checks.SameMetadata })
			return n > 0, n
		},
	},
	{
		what: "view_holds_storage (each view return, after its shares_storage row)",
		why:  "PyTorch checks that a view shares its input's StorageImpl, not that it holds it: a view kernel that takes no reference on the storage (a missing retain) passes shares_storage and leaves the count one short, so the storage is freed while the view uses it, far from the kernel. Strict compares the storage's use count before and after the call (runtimes without use counts skip it under no_use_counts).",
		count: func(d *diffData, i int) (bool, int) {
			n := d.strictRows(i, func(c Check) bool { return c.Name == checks.ViewHoldsStorage })
			return n > 0, n
		},
	},
	{
		what: "same_storage on Tensor[] and Tensor?[] inputs: emitted by PyTorch, but it never fires there",
		why:  "PyTorch (1.13.1 and 2.6.0) saves the storages of a list after a vector of empty slots of the list's size and compares only the empty slots; the pytorch profile marks these rows never_fires and its wrappers count them as skipped (reason plan), strict really compares each element.",
		count: func(d *diffData, i int) (bool, int) {
			if d.cause[i] != vtGenerated {
				return false, 0
			}
			f := d.s.Ops[i].Func
			n := 0
			for _, c := range d.py.Ops[i].Checks {
				if a := f.Arg(c.Arg); c.Name == checks.SameStorage && a != nil && a.Type.IsList() {
					n++
				}
			}
			return n > 0, n
		},
	},
}

const (
	diffBegin = "<!-- diff-table: begin (generated by go test ./plan -run TestDiffTable -update) -->"
	diffEnd   = "<!-- diff-table: end -->"
)

// TestDiffTable computes the table of docs/plan.md of where strict
// differs from pytorch on PyTorch 1.13.1, and checks that the document
// shows it (go test -update rewrites it).
func TestDiffTable(t *testing.T) {
	d := newDiffData(t, loadPyTorch(t))
	var b strings.Builder
	b.WriteString("| difference | ops | strict rows | e.g. | why |\n| --- | ---: | ---: | --- | --- |\n")
	for _, df := range differences {
		ops, rows := 0, 0
		var eg []string
		for i, o := range d.s.Ops {
			op, n := df.count(d, i)
			if op {
				ops++
				if len(eg) < 3 {
					eg = append(eg, "`"+o.Name+"`")
				}
			}
			rows += n
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %s | %s |\n", df.what, ops, rows, strings.Join(eg, ", "), df.why)
	}
	var pyRows, stRows, pySkips, stSkips int
	for i := range d.s.Ops {
		pyRows += len(d.py.Ops[i].Checks)
		stRows += len(d.st.Ops[i].Checks)
		pySkips += len(d.py.Ops[i].Skipped)
		stSkips += len(d.st.Ops[i].Skipped)
	}
	fmt.Fprintf(&b, "\nIn all, on %d ops: pytorch emits %d checks and skips %d; strict emits %d and skips %d.\n", len(d.s.Ops), pyRows, pySkips, stRows, stSkips)
	table := b.String()

	const path = "../docs/plan.md"
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	i, j := strings.Index(string(doc), diffBegin), strings.Index(string(doc), diffEnd)
	if i < 0 || j < i {
		t.Fatalf("%s: no %q ... %q section", path, diffBegin, diffEnd)
	}
	got := string(doc[:i]) + diffBegin + "\n\n" + table + "\n" + string(doc[j:])
	if got == string(doc) {
		return
	}
	if golden.Updating() {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s: the difference table is stale; run go test ./plan -run TestDiffTable -update. Computed:\n%s", path, table)
}
