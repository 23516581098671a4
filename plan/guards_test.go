package plan

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/checktable"
	"github.com/assertgen/assertgen/internal/engine"
	"github.com/assertgen/assertgen/internal/pytorch"
	"github.com/assertgen/assertgen/schema"
)

// These tests tie the guards of the pytorch plan rows (Check.Guard) to
// what the asserts runtime does under the plan's profile
// (Plan.Runtime): for every kind of row a release's plan has, a
// planted violation is reported, skipped under a dispatch mode, and
// skipped for a subclass exactly when the guard names that tensor.

// gtensor is a tensor for the guard tests.
type gtensor struct {
	id               asserts.Ident
	implUses, stUses int
}

func (t *gtensor) Ident() asserts.Ident  { return t.id }
func (t *gtensor) UseCounts() (int, int) { return t.implUses, t.stUses }
func (t *gtensor) subclass() *gtensor    { t.id.Traits |= asserts.DirectSubclass; return t }
func (t *gtensor) swap(c checks.Check) *gtensor { // what the kernel breaks
	n := *t
	switch c {
	case checks.SameImpl:
		n.id.Impl += 1000
	case checks.SameStorage:
		n.id.Storage += 1000
	}
	return &n
}

var gid asserts.ID

func newGTensor() *gtensor {
	gid += 10
	return &gtensor{id: asserts.Ident{Impl: gid, Storage: gid + 1, Traits: asserts.Versioned}, implUses: 1, stUses: 1}
}

// A guardCase is one kind of row: its check, the form of its argument and
// its guard with names replaced by their role (arg, ret).
type guardCase struct {
	check checks.Check
	form  schema.TensorForm
	guard string
}

func (g guardCase) String() string { return fmt.Sprintf("%s on %d [%s]", g.check, g.form, g.guard) }

// guardCases returns the kinds of rows of the emitted checks of p.
func guardCases(t *testing.T, p *Plan) map[guardCase]string {
	cases := map[guardCase]string{}
	for _, op := range p.Ops {
		for _, c := range op.Checks {
			if c.Guard == "" {
				t.Fatalf("%s: %s without a guard", op.Name, c.Name)
			}
			if c.NeverFires || c.Name == checks.NotArgHandle {
				continue // a never-firing row is skipped by its constant; not_arg_handle goes with impl_use_count_le_1
			}
			g := guardCase{check: c.Name}
			if c.Arg != "" {
				g.form = op.Src.Func.Arg(c.Arg).Type.TensorForm()
			}
			r := strings.NewReplacer("("+c.Arg+")", "(arg)")
			if c.Ret != nil {
				r = strings.NewReplacer("("+c.Arg+")", "(arg)", "(ret"+strconv.Itoa(*c.Ret)+")", "(ret)")
			}
			g.guard = r.Replace(c.Guard)
			if _, ok := cases[g]; !ok {
				cases[g] = op.Name
			}
		}
	}
	return cases
}

// runGuard runs the row of kind g under profile p: the kernel breaks the
// check, and sub says which tensor is a subclass ("arg", "arg-other" for
// another element of a list argument, "ret", or "" for none). It returns
// whether a violation was reported.
func runGuard(t *testing.T, p checks.Policy, g guardCase, mode bool, sub string) bool {
	col := asserts.NewCollector()
	defer asserts.SetHandler(asserts.SetHandler(col))
	defer asserts.SetEnv(asserts.SetEnv(guardEnv{ModeActive: mode}))
	op := &engine.Op{Name: "op", Policy: p}
	sh := &engine.Shape{Args: 1, Locs: []engine.Loc{engine.Arg("x"), engine.Ret(0)},
		Tensor: func(h unsafe.Pointer) asserts.Identity { return (*gtensor)(h) },
		Elem:   func(h unsafe.Pointer, i int) asserts.Identity { return unsafe.Slice((**gtensor)(h), i+1)[i] }}
	row := func(t, u int8) { sh.Rows = []engine.Row{{Check: g.check, Form: engine.FormOne, T: t, U: u}} }
	switch g.check {
	case checks.SameImpl, checks.SameStorage:
		row(0, -1)
		if g.form == schema.TensorSingle {
			x := newGTensor()
			if sub == "arg" {
				x.subclass()
			}
			var f engine.Frame[[1]engine.Slot, [0]engine.ListSlot]
			f.Open()
			f.Arg(0, x.Ident(), unsafe.Pointer(x))
			f.Begin(op, sh)
			f.AfterArg(0, x.swap(g.check).Ident())
			f.End()
			break
		}
		xs := []*gtensor{newGTensor(), newGTensor()}
		switch sub {
		case "arg":
			xs[0].subclass()
		case "arg-other":
			xs[1].subclass()
		}
		sh.Lists, sh.Rows[0].Form = 1, engine.FormArgList
		if g.form == schema.TensorOptionalList {
			sh.OptLists = 1
		}
		after := []*gtensor{xs[0].swap(g.check), xs[1]}
		var f engine.Frame[[0]engine.Slot, [1]engine.ListSlot]
		f.Open()
		f.List(0, len(xs), unsafe.Pointer(unsafe.SliceData(xs)))
		for j, x := range xs {
			f.Elem(0, j, x.Ident())
		}
		f.Begin(op, sh)
		f.AfterList(0, len(after))
		for j, x := range after {
			f.AfterElem(0, j, x.Ident())
		}
		f.End()
	case checks.SharesStorage, checks.StorageUseCountEq1, checks.ImplUseCountLE1:
		x, r := newGTensor(), newGTensor() // r is not a view of x
		r.implUses, r.stUses = 2, 2
		switch sub {
		case "arg":
			x.subclass()
		case "ret":
			r.subclass()
		}
		sh.Rets = 1
		if row(1, -1); g.check == checks.SharesStorage {
			row(1, 0)
		}
		var f engine.Frame[[2]engine.Slot, [0]engine.ListSlot]
		f.Open()
		f.Arg(0, x.Ident(), unsafe.Pointer(x))
		f.Begin(op, sh)
		f.AfterArg(0, x.Ident())
		f.Ret(1, r.Ident(), r.implUses, r.stUses, unsafe.Pointer(r))
		f.End()
	default:
		t.Fatalf("%s: no scenario", g)
	}
	return len(col.Violations()) > 0
}

// guardEnv is the mode state of runGuard's call.
type guardEnv asserts.EnvState

func (e guardEnv) State() asserts.EnvState { return asserts.EnvState(e) }

// checkGuards checks every kind of row of p against the runtime.
func checkGuards(t *testing.T, p *Plan) {
	rt := p.Policy
	cases := guardCases(t, p)
	for g, example := range cases {
		terms := strings.Split(g.guard, ",")
		has := func(term string) bool {
			for _, x := range terms {
				if x == term {
					return true
				}
			}
			return false
		}
		fail := func(what string, got bool) {
			t.Errorf("%s (%s, e.g. %s): %s: violation %v, guard %q says %v", rt, g, example, what, got, g.guard, !got)
		}
		if got := runGuard(t, rt, g, false, ""); !got {
			fail("plain tensors", got)
		}
		if got := runGuard(t, rt, g, true, ""); got == has("mode") {
			fail("under a mode", got)
		}
		switch g.check {
		case checks.SameImpl, checks.SameStorage:
			subArg := has("py(arg)") || has("pylist(arg)")
			if got := runGuard(t, rt, g, false, "arg"); got == subArg {
				fail("subclass argument", got)
			}
			if g.form != schema.TensorSingle {
				if got := runGuard(t, rt, g, false, "arg-other"); got == has("pylist(arg)") {
					fail("another element a subclass", got)
				}
			}
		case checks.SharesStorage:
			if got := runGuard(t, rt, g, false, "arg"); got == has("py(arg)") {
				fail("subclass argument", got)
			}
			if got := runGuard(t, rt, g, false, "ret"); got == has("py(ret)") {
				fail("subclass return", got)
			}
		default:
			if got := runGuard(t, rt, g, false, "ret"); got == has("py(ret)") {
				fail("subclass return", got)
			}
		}
	}
	t.Logf("%s: %d kinds of rows", rt, len(cases))
}

// TestGuardsRuntime1131 checks the 1.13.1 plan's guards against the
// checks.PyTorch113 runtime.
func TestGuardsRuntime1131(t *testing.T) {
	p, err := BuildWith(loadPyTorch(t), Options{Profile: PyTorch, PyTorchVersion: "1.13"})
	if err != nil {
		t.Fatal(err)
	}
	if p.Policy != checks.PyTorch113 {
		t.Fatalf("runtime %s", p.Policy)
	}
	checkGuards(t, p)
}

// TestGuardsRuntime260 checks the guards of the 2.6.0 rows (the ops of
// the reference's ops.tsv, see TestReference260Rows) against the
// checks.PyTorch runtime.
func TestGuardsRuntime260(t *testing.T) {
	s := reference260List(t)
	p, err := BuildWith(s, Options{Profile: PyTorch, PyTorchVersion: "2.6"})
	if err != nil {
		t.Fatal(err)
	}
	if p.Policy != checks.PyTorch {
		t.Fatalf("runtime %s", p.Policy)
	}
	checkGuards(t, p)
}

// TestGuardsFromPolicy checks that a row's guard is read from the skip
// policy the release names (its rules and checktable.Guards), not
// from a table of its own: under each policy, the guards of each kind of
// row. Strict, which no release names, skips the TensorImpl use-count
// check for every kind of subclass and the use-count checks under a
// mode, and guards no list as a whole.
func TestGuardsFromPolicy(t *testing.T) {
	type row struct {
		check      checks.Check
		term, name string
		ret        int
	}
	rows := []row{
		{checks.SameImpl, "py(", "self", -1},
		{checks.SameStorage, "pylist(", "tensors", -1},
		{checks.SameImpl, "", "", -1},
		{checks.SharesStorage, "py(", "self", 0},
		{checks.StorageUseCountEq1, "", "", 1},
		{checks.ImplUseCountLE1, "", "", 0},
	}
	for _, c := range []struct {
		policy checks.Policy
		want   []string
	}{
		{checks.PyTorch, []string{"mode,py(self)", "mode,pylist(tensors)", "mode", "mode,py(self),py(ret0)", "mode,py(ret1)", "mode,py(ret0)"}},
		{checks.PyTorch113, []string{"mode,py(self)", "mode,pylist(tensors)", "mode", "mode,py(self)", "mode,py(ret1)", "mode,py(ret0)"}},
		{checks.Strict, []string{"", "", "", "", "mode", "mode,py(ret0)"}},
	} {
		rel := *pytorch.Newest()
		rel.Autograd.Policy = c.policy
		b := &builder{release: &rel, guardStrs: map[guardKey]string{}, guardSkips: guardSkips(c.policy)}
		for i, r := range rows {
			if got := b.guard(r.check, r.term, r.name, r.ret); got != c.want[i] {
				t.Errorf("%s: guard of %s %s%s) ret %d = %q, want %q", c.policy, r.check, r.term, r.name, r.ret, got, c.want[i])
			}
		}
	}
	// The flags the rows' shapes are chosen by (guards, above guard).
	for _, c := range []struct {
		policy                                  checks.Policy
		listWhole, optListImplOpen, viewArgOnly bool
	}{
		{checks.Strict, false, false, false},
		{checks.PyTorch, true, true, false},
		{checks.PyTorch113, true, true, true},
	} {
		g := checktable.Guards(c.policy)
		w, o, v := g&checktable.GuardListWhole != 0, g&checktable.GuardOptListImplOpen != 0, g&checktable.GuardViewArgOnly != 0
		if w != c.listWhole || o != c.optListImplOpen || v != c.viewArgOnly {
			t.Errorf("%s.Guards() = %v, %v, %v; want %v, %v, %v", c.policy, w, o, v, c.listWhole, c.optListImplOpen, c.viewArgOnly)
		}
	}
}
