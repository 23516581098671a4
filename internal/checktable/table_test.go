package checktable

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts/checks"
)

// TestCheckFacts checks each row of the table of checks against the code.
// Its name names it alone: checks.Parse reads it back. Its constant is the
// Go constant of its value. Every function its steps name exists in
// internal/engine and takes what the rows' path passes for the row's
// shape, the step's flags and the form: a Call method; for a list form
// that takes the tensors, a generic function taking the Call first; for a
// step that reads use counts before the call, a Frame method taking the
// slots and the count. A row of every shape has the forms plan lets
// through. It has a message (not_arg_handle, reported as another check,
// apart), a hint and words for explain, and says what Want and Got hold.
func TestCheckFacts(t *testing.T) {
	funcs := packageFuncs(t)
	consts := checkConstants(t)
	seen := map[string]bool{}
	for k := range checks.Check(checks.NumPlanChecks) {
		f := &checkFacts[k]
		name := k.String()
		if back, ok := checks.Parse(name); !ok || back != k || seen[name] || strings.HasPrefix(name, "check(") {
			t.Errorf("check %d: name %q does not name it alone", k, name)
		}
		seen[name] = true
		if int(k) >= len(consts) || consts[k] != k.GoName() {
			t.Errorf("%s: constant %q is not the Go constant of value %d (%q)", name, k.GoName(), k, consts)
		}
		if len(f.steps) == 0 || f.values == "" || f.hint == nil || f.words == nil || f.message == nil && k != checks.NotArgHandle {
			t.Errorf("%s: a row needs steps, values, a message, a hint and words", name)
		}
		for i, st := range f.steps {
			if i > 0 && st.Phase < f.steps[i-1].Phase {
				t.Errorf("%s: steps out of the order of their phases", name)
			}
			for form, fn := range st.Funcs {
				if fn == "" || st.Once {
					// a step once per call has no entry of its own: the
					// Frame's Begin takes it (fresh_not_held's hand-out
					// sequence, BeginsOnce); its name is the step's
					continue
				}
				want := wantParams(k, st, Form(form))
				if e, ok := elemForm(k, Form(form)); ok && st.Funcs[e] == fn {
					want = wantParams(k, st, e) // run on each element
				}
				got, ok := funcs[fn]
				if st.Phase == BeforeCall && st.Counts {
					// the use counts read before the kernel: the one
					// path's helpers read them into the Frame
					// (Frame.ViewBase(r, a, su)), whose rows take them
					got, ok = funcs["Frame."+fn]
					want = []string{"int", "int", "int"}
				}
				if !ok {
					t.Errorf("%s: no function or Call method %s (form %s)", name, fn, Form(form))
				} else if !slices.Equal(got, want) {
					t.Errorf("%s: %s takes (%s), generated code passes (%s) for form %s", name, fn, strings.Join(got, ", "), strings.Join(want, ", "), Form(form))
				}
			}
		}
		if !HasForm(k, FormOne) {
			t.Errorf("%s: no function for single tensors", name)
		}
		w := Words{Arg: "self", Each: "self", Ret: "return 0", ImplCheck: checks.ImplUseCountLE1}
		if d := Describe(k, w); d == "" || !strings.Contains(d, "self") && !strings.Contains(d, "return 0") && ShapeOf(k) != OnRets {
			t.Errorf("%s: words %q name neither its argument nor its return", name, d)
		}
	}
	if k := checks.Check(checks.NumPlanChecks); k.String() != fmt.Sprintf("check(%d)", checks.NumPlanChecks) || k.GoName() != "" || StepsOf(k) != nil || Describe(k, Words{}) != "" || HasForm(k, FormOne) {
		t.Errorf("no check: %q %q %v %q", k, k.GoName(), StepsOf(k), Describe(k, Words{}))
	}
}

// TestSkipSets: the skip policy's sets of checks are the rows' props.
func TestSkipSets(t *testing.T) {
	for _, c := range []struct {
		set  checks.Set
		prop props
	}{{useCountChecks, readsUseCounts}, {implUseChecks, readsImplUseCount}, {storageChecks, readsStorage},
		{aliasChecks, movesWithWrites}, {concurrentChecks, movesConcurrently}, {hiddenRefChecks, readsHiddenRefs},
		{versionChecks, readsVersion}, {bindingChecks, readsBinding}, {contentChecks, readsContent}, {handOutChecks, readsHandOuts},
		{metadataChecks, readsMetadata}, {holdChecks, readsHolds}} {
		for k := range checks.Check(checks.NumChecks) {
			if c.set.Has(k) != (checkFacts[k].props&c.prop != 0) {
				t.Errorf("%s: in set %s: %v, props %b", k, c.set, c.set.Has(k), checkFacts[k].props)
			}
		}
	}
	if !useCountChecks.Has(checks.StorageUseCountEq1) || !storageChecks.Has(checks.SharesStorage) || aliasChecks.Has(checks.SameImpl) {
		t.Errorf("sets: use counts %s, storage %s, alias %s", useCountChecks, storageChecks, aliasChecks)
	}
}

// elemForm is the form of the elements of a row of k of list form f: a
// list return's or list argument's FormOne, the lists' FormArgList.
func elemForm(k checks.Check, f Form) (Form, bool) {
	switch {
	case f == FormLists:
		return FormArgList, true
	case f == FormRetList && ShapeOf(k) != OnArg, f == FormArgList && ShapeOf(k) == OnArg:
		return FormOne, true
	}
	return 0, false
}

// wantParams is what generated code passes to the function of form f of
// step st of a row of check k (see Step), by kind: "Loc", "*Slot",
// "*ListSlot", "tensor", "tensors", "anchor", "*Call".
func wantParams(k checks.Check, st Step, f Form) []string {
	if st.Once {
		return nil
	}
	retList, argList := f == FormRetList || f == FormLists, f == FormArgList || f == FormLists
	var ps []string
	// the tensor taken: the argument's, or of a row that names a return,
	// the return's after the call and the argument's before it
	tensorList := argList
	if sh := ShapeOf(k); sh == OnRet || sh == OnRetMayArg && f != FormOf || (sh == OnRetArg || f == FormOf) && st.Phase != BeforeCall {
		tensorList = retList
	}
	if st.Tensor && tensorList {
		ps = append(ps, "*Call")
	}
	snap := func(list bool) {
		if !st.NoLoc {
			ps = append(ps, "Loc")
		}
		if list {
			ps = append(ps, "*ListSlot")
		} else {
			ps = append(ps, "*Slot")
		}
	}
	tensor := func(list bool) {
		switch {
		case !st.Tensor:
		case f == FormAnchor:
			ps = append(ps, "anchor")
		case list:
			ps = append(ps, "tensors")
		default:
			ps = append(ps, "tensor")
		}
	}
	switch sh := ShapeOf(k); {
	case sh == OnArg:
		snap(argList)
		tensor(argList)
	case sh == OnRet || sh == OnRetMayArg && f != FormOf:
		snap(retList)
		tensor(retList)
	case sh == OnRets:
		ps = append(ps, "Loc", "*Slot", "Loc", "*Slot") // each pair
	default: // a return and an argument
		snap(retList)
		if st.Phase != BeforeCall {
			tensor(retList)
		}
		snap(argList)
		if st.Phase == BeforeCall {
			tensor(argList)
		}
	}
	return ps
}

// wrapDir is the package the rows' functions are in, internal/engine.
const wrapDir = "../engine"

// packageFuncs returns the parameters, by kind (see wantParams), of the
// exported functions and Call methods of internal/engine's non-test files,
// and of its Frame methods (as "Frame.Name").
func packageFuncs(t *testing.T) map[string][]string {
	t.Helper()
	fset := token.NewFileSet()
	ents, err := os.ReadDir(wrapDir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(wrapDir, e.Name()), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !fd.Name.IsExported() {
				continue
			}
			key := fd.Name.Name
			if fd.Recv != nil {
				switch types.ExprString(fd.Recv.List[0].Type) {
				case "*Call":
				case "*Frame[S, L]":
					key = "Frame." + key
				default:
					continue
				}
			}
			var ps []string
			for _, p := range fd.Type.Params.List {
				kind := types.ExprString(p.Type)
				switch kind {
				case "asserts.Identity", "asserts.Tensor", "T":
					kind = "tensor"
				case "[]T":
					kind = "tensors"
				case "unsafe.Pointer":
					kind = "anchor"
				}
				for range max(len(p.Names), 1) {
					ps = append(ps, kind)
				}
			}
			out[key] = ps
		}
	}
	return out
}

// checkConstants returns the names of the Check constants of facts.go, in
// the order of their values.
func checkConstants(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "../../asserts/checks/checks.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, sp := range gd.Specs {
			for _, n := range sp.(*ast.ValueSpec).Names {
				if n.Name != "NumChecks" && n.Name != "NumPlanChecks" && n.Name != "All" {
					names = append(names, n.Name)
				}
			}
		}
	}
	return names
}
