package kernels

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
	"github.com/assertgen/assertgen/cmd/assertgen/internal/initcmd"
)

// dtlibOps are dtlib's ops as init binds them, in the order of
// dtlib.Ops (negative is T.Neg too, by its values), and the kinds of bug
// dtlib plants (dtlib.Alias to dtlib.Self).
var (
	dtlibOps   = [][]string{{"abs"}, {"neg", "negative"}, {"exp"}, {"sqrt"}, {"tanh"}, {"square"}}
	dtlibForms = []string{"bool", "int64", "0-D", "1-D", "3-D", "4-D", "Go int"}
	// dtlibKinds are, per kind, the key its bug is caught under, and the
	// key a call again with the same input reports too (its input's
	// storage, returned as fresh by the first call, comes out fresh
	// again: fresh_not_held), "" for none.
	dtlibKinds = [][2]string{
		{"fresh_no_alias return 0", "fresh_not_held return 0"},          // Alias: the result on the input's storage
		{"same_content argument self", ""},                              // Write: the input written
		{"same_metadata argument self", ""},                             // Reshape: the input reshaped
		{"fresh_not_held return 0", ""},                                 // Held: one buffer handed out on every call
		{"same_storage argument self", ""},                              // Rebind: the input given a copy of its storage
		{"impl_use_count_eq_fresh return 0", "fresh_not_held return 0"}, // Self: the input's own handle returned (not_arg_handle)
	}
)

// dtlibPlant is dtlib.Plant: the kind of bug op (an index of dtlibOps)
// has on form f (an index of dtlibForms).
func dtlibPlant(op, f int) int { return (op + f) % len(dtlibKinds) }

// dtlibForm returns the form of dtlib (an index of dtlibForms) a sweep
// sample is, by its name (its element type and sizes), -1 for one dtlib
// plants no bug on: a float matrix, an empty tensor, another type.
func dtlibForm(sample string) int {
	// The probes of a 0-dim and a 1-d tensor keep the base sample's
	// dtype: float, the first variant, which every dtlib op runs.
	switch strings.TrimSuffix(sample, ", called again") {
	case "value: negative 0-dim":
		return 2
	case "value: mixed signs 1-d":
		return 3
	case "value: Go int": // dtlib's Go int tensors, which no variant makes
		return 6
	}
	var dtype string
	for _, w := range strings.Fields(sample) {
		switch w = strings.Trim(w, ":,"); w {
		case "bool", "int32", "int64", "float", "float32", "float64", "complex64", "complex128", "quint8":
			if dtype == "" {
				dtype = w
			}
		}
	}
	rank := -1
	if m := regexp.MustCompile(`\[([0-9,]*)\]`).FindStringSubmatch(sample); m != nil {
		dims := strings.Split(m[1], ",")
		rank = len(dims)
		if slices.Contains(dims, "0") {
			return -1 // empty
		}
	}
	if strings.HasPrefix(sample, "0-dim ") {
		rank = 0
	}
	switch {
	case rank < 0:
		return -1
	case dtype == "bool":
		return 0
	case dtype == "int64":
		return 1
	case strings.HasPrefix(dtype, "float") && rank != 2 && rank <= 4:
		return map[int]int{0: 2, 1: 3, 3: 4, 4: 5}[rank]
	}
	return -1
}

// TestInitLibraryForms: init -type on a library of several element
// types and any rank (package finder's dtlib, built as gorgonia's Dense
// is) writes a memory function that reads each tensor's own element type
// (bool, int64, Go's int, float32, float64) and its geometry at ranks 0
// to 4, as
// its probe checked, and says it cannot read int32 tensors (Int32s
// copies) and which checks that leaves weaker; it binds dtlib's ops, their
// in-place forms (with UseUnsafe()) and alias and detach (ShallowClone,
// a view of all of self; not clone, whose values ShallowClone computes
// too but on self's memory); and its sweep makes those forms and catches
// each kind of bug dtlib plants on each form it plants them on (bool and
// int64 matrices, float tensors of ranks 0, 1, 3 and 4, Go int tensors:
// the probe Go int, as its adapter says it makes them), at its op and
// check, and nothing else: every check that can fail on such a type's
// wrappers, each on every form:
//
//   - fresh_no_alias, same_content, same_metadata, fresh_not_held,
//     same_storage and not_arg_handle (reported under
//     impl_use_count_eq_fresh, the plan's TensorImpl check), one kind per
//     functional op and form (dtlibPlant);
//   - returns_arg: abs_ (Abs(UseUnsafe())) returns a new tensor, not self;
//   - shares_storage: alias and detach (ShallowClone) return a copy;
//     so does slice.Tensor, ShallowClone with every argument held at its
//     default (a view of all of self).
//
// The checks no bug can be planted for, on any form: same_impl (a Go
// kernel given a *T cannot make the caller's handle another object: the
// TensorImpl is the object it points to); no_mutation (a memory: function
// gives no version counter: skipped under no_version_counter, same_content
// sees the writes); impl_use_count_le_1, storage_use_count_eq_1 and
// view_holds_storage (no use counts: skipped under no_use_counts);
// fresh_or_alias (on may-alias returns: init binds none, its reference
// has no reshape or contiguous); distinct_outputs (init binds ops of one
// result); binding_context (a library's type binds no foreign objects:
// no_binding_support).
func TestInitLibraryForms(t *testing.T) {
	t.Parallel() // Init and the go commands it runs work in a module of their own
	mod := clitest.FakeModule(t, nil)
	dir := filepath.Join(mod, "user")
	var out bytes.Buffer
	if err := initcmd.Init(initcmd.InitOptions{Dir: dir, Type: "*example.com/fakemod/dtlib.T", Out: &out}); err != nil {
		t.Fatal(err)
	}
	report := out.String()
	for _, want := range []string{
		"memory: Memory reads bool (ranks 0, 1, 2, 3 and 4), int64 (ranks 0, 1, 2, 3 and 4), int (ranks 0, 1, 2, 3 and 4), float32 (ranks 0, 1, 2, 3 and 4), float64 (ranks 0, 1, 2, 3 and 4) tensors, each with its sizes and strides at its rank",
		"sweep: makes the tensors dtlib.New made: bool (ranks 0, 1, 2, 3 and 4), int32 (ranks 0, 1, 2, 3 and 4), int64",
		"weaker: int32 tensors of ranks 0, 1, 2, 3 and 4: Memory cannot read them (a write through its elements leaves the memory's contents as they were): to the checks they have no storage, and same_storage, shares_storage, fresh_no_alias, fresh_not_held, distinct_outputs, same_content and same_metadata skip them, on every bound op given or returning one (",
		"by name and signature: abs, abs_, exp, exp_, neg, neg_, sqrt, sqrt_, square, square_, tanh, tanh_\n",
		"by values alone (the name is not the op's): alias (T.ShallowClone), detach (T.ShallowClone), negative (T.Neg), negative_ (T.Neg), slice.Tensor (T.ShallowClone)\n",
		"unchecked: on every op, no_mutation (Memory gives no version counter: skipped under no_version_counter; same_content sees a write of an input) and the use-count checks (impl_use_count_eq_fresh's count, storage_use_count_eq_1, view_holds_storage: skipped under no_use_counts; not_arg_handle and fresh_not_held check a fresh return instead); same_impl runs but cannot fail (a kernel given a *dtlib.T cannot make the caller's handle point elsewhere)\n",
		"views: alias (T.ShallowClone), detach (T.ShallowClone), slice.Tensor (T.ShallowClone) bound by their values, each checked to be a view (its result on self's memory, a write through it shown in self); no other: no method of *dtlib.T returns it on its memory from four ints",
		"chosen: in-place ops call the library with its option dtlib.UseUnsafe() (the value check saw the call write self and return it): abs_, exp_, neg_, negative_, sqrt_, square_, tanh_\n",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("init's report lacks %q:\n%s", want, report)
		}
	}
	mem, _ := os.ReadFile(filepath.Join(dir, "assertgen_memory.go"))
	for _, want := range []string{"switch t.Dtype().Kind() {", "case reflect.Bool:\n\t\tm = asserts.SliceMemory(t.Bools())", "return m.Strided(t.Shape(), t.Strides())", "// It cannot read int32 tensors of ranks 0, 1, 2, 3 and 4 (a write through its elements leaves the memory's contents as they were)"} {
		if !strings.Contains(string(mem), want) {
			t.Errorf("the memory function lacks %q:\n%s", want, mem)
		}
	}
	if want := "reproducers: assertgen_sweep_test.go's sweepAdapter writes bool, int64, int, float32, float64 tensors as Go"; !strings.Contains(report, want) {
		t.Errorf("init's report lacks %q:\n%s", want, report)
	}
	found, sweep := clitest.SweepFindings(t, mod, dir, "ASSERTGEN_SWEEP_REPRO=testdata/repro")
	checkDtlibFindings(t, found)
	checkDtlibRepros(t, dir, found, sweep)
}

// checkDtlibFindings checks the sweep's findings of dtlib, by key with
// the samples each was found in, are the bugs dtlib plants: each caught
// at its op and check on a sample of each form it is planted on, and no
// other key, no sample of another form (a float matrix, an empty tensor
// among them), and a key a call again reports only on a call again.
func checkDtlibFindings(t *testing.T, found map[string]string) {
	t.Helper()
	want := map[string][]int{}         // key: the forms it must be caught on
	again := map[string]map[int]bool{} // key: the forms a call again may report it on
	add := func(key string, f int) {
		want[key] = append(want[key], f)
	}
	allow := func(key string, f int) {
		if again[key] == nil {
			again[key] = map[int]bool{}
		}
		again[key][f] = true
	}
	for op, names := range dtlibOps {
		for _, name := range names {
			for f := range dtlibForms {
				k := dtlibKinds[dtlibPlant(op, f)]
				add(name+" "+k[0], f)
				if k[1] != "" {
					allow(name+" "+k[1], f)
				}
			}
		}
	}
	for f := range dtlibForms {
		add("abs_ returns_arg return 0", f)
		add("alias shares_storage return 0", f)
		add("detach shares_storage return 0", f)
		add("slice.Tensor shares_storage return 0", f) // ShallowClone, its arguments held at their defaults
	}
	for key, forms := range want {
		in, ok := found[key]
		if !ok {
			t.Errorf("no finding %s (planted on %s)", key, dtlibFormNames(forms))
			continue
		}
		caught := map[int]bool{}
		for _, s := range strings.Split(in, "; ") {
			caught[dtlibForm(s)] = true
		}
		for _, f := range forms {
			if !caught[f] {
				t.Errorf("%s: not caught on a %s sample (in: %s)", key, dtlibForms[f], in)
			}
		}
	}
	var keys []string
	for key := range found {
		keys = append(keys, key)
	}
	slices.Sort(keys)
	for _, key := range keys {
		if want[key] == nil && again[key] == nil {
			t.Errorf("a finding of no bug dtlib plants: %s (in: %s)", key, found[key])
			continue
		}
		for _, s := range strings.Split(found[key], "; ") {
			base, called := strings.CutSuffix(s, ", called again")
			f := dtlibForm(base)
			if f < 0 || !slices.Contains(want[key], f) && !(called && again[key][f]) {
				t.Errorf("%s: found in %q, where dtlib plants no such bug", key, s)
			}
		}
	}
}

// dtlibFormNames are the forms' names.
func dtlibFormNames(forms []int) string {
	var names []string
	for _, f := range forms {
		names = append(names, dtlibForms[f])
	}
	return strings.Join(names, ", ")
}
