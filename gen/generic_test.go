package gen

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/internal/discover"
	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/output"
	"github.com/assertgen/assertgen/plan"
)

const genericDir = "testdata/generic"

// genericOptions are the options assertgen gen takes from
// testdata/generic/assertgen.yaml: the generic kernels of ./kernels, a
// Tensor[T] type map and T checked with float32 and float64, with the
// constraint the command finds in the tensor type's declaration.
func genericOptions(t *testing.T) Options {
	t.Helper()
	k, err := discover.Load(genericDir, "./kernels")
	if err != nil {
		t.Fatal(err)
	}
	params := []string{"T"}
	tensor, err := kernels.ParseGoTypeIn("*github.com/assertgen/assertgen/gen/testdata/generic/kernels.Tensor[T]", params)
	if err != nil {
		t.Fatal(err)
	}
	scalar, _ := kernels.ParseGoTypeIn("T", params)
	f32, _ := kernels.ParseGoType("float32")
	f64, _ := kernels.ParseGoType("float64")
	rep, err := discover.CheckTypes(genericDir, []kernels.GoType{tensor, scalar}, tensor, []kernels.TypeParam{{Name: "T", Instances: []kernels.GoType{f32, f64}}}, k, "")
	if err != nil || len(rep.Problems) > 0 || len(rep.ParamProblems) > 0 {
		t.Fatalf("CheckTypes: %v %v %v", err, rep.Problems, rep.ParamProblems)
	}
	return Options{
		Mode: output.FunctionMode, Package: "checked", Kernels: k.Set, Sweep: true,
		Types:         kernels.DefaultTypes().Merge(kernels.TypeMap{"Tensor": tensor, "Scalar": scalar}),
		TypeParams:    rep.TypeParams,
		ShapesPackage: "github.com/assertgen/assertgen/gen/testdata/generic/out/" + ShapesDir,
	}
}

// TestGoldenGeneric checks the wrappers of generic kernels against
// testdata/generic/out (built by TestBuildGeneric): generic wrappers and
// shape helpers under the tensor type's constraint (an unexported one,
// spelled by its terms), each kernel instantiated with the wrapper's T
// whatever it names its own type parameter, a guard per kernel and
// element type, and a generic SweepOps whose type parameter does not hide
// a wrapper.
func TestGoldenGeneric(t *testing.T) {
	o := genericOptions(t)
	res, err := Generate(smallPlan(t, plan.Strict), o)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Wrapped) != 11 {
		t.Errorf("%d ops wrapped (%v), want the 11 with a kernel", len(res.Wrapped), res.Wrapped)
	}
	compareGolden(t, filepath.Join(genericDir, "out"), res.Files, "")
	files := map[string]string{}
	for _, f := range res.Files {
		files[f.Name] = string(f.Data)
	}
	for name, want := range map[string][]string{
		"assertgen_checked.go": {
			"func Add_Tensor[T ~float32 | ~float64](self *kernels.Tensor[T], other *kernels.Tensor[T], alpha T) *kernels.Tensor[T] {",
			"r0 := kernels.Add_Tensor[T](self, other, alpha)",
			"var fr wrap.Frame[[3]wrap.Slot, [0]wrap.ListSlot]", // the one path
			"assertgenshapes.After_",
			// The op's kernel, for a violation's position: an instance
			// (the first element type the config names).
			"var opAdd_Tensor = wrap.Op{\n\tKernel:   kernels.Add_Tensor[float32],\n",
		},
		"assertgen_direct.go": {
			"return kernels.SplitTensor[T](self, split_size, dim)",
			"_ func(*kernels.Tensor[float32], int64) int64 ",
			"= kernels.SizeInt[float64]",
		},
		"assertgen_sweep.go":               {"func SweepOps[T ~float32 | ~float64](", "AddTensor[T]},"},
		ShapesDir + "/assertgen_shapes.go": {"[T ~float32 | ~float64](fr *wrap.Frame[[", "fr.BeginOf(op, sh, (*kernels.Tensor[T])(nil))"},
	} {
		for _, w := range want {
			if !strings.Contains(files[name], w) {
				t.Errorf("%s lacks %q", name, w)
			}
		}
	}
}

// TestVetGenericMismatch: a generic kernel whose signature is not its
// schema's, once instantiated, is a finding that says what differs.
func TestVetGenericMismatch(t *testing.T) {
	o := genericOptions(t)
	o.Types = o.Types.Merge(kernels.TypeMap{"Scalar": {Name: "float64"}})
	findings, _, err := Vet(smallPlan(t, plan.Strict), o)
	if err != nil {
		t.Fatal(err)
	}
	if len(findings) != 3 {
		t.Fatalf("findings %v, want the three kernels with alpha", findings)
	}
	for _, f := range findings {
		if !strings.Contains(f.Msg, "want func[T ~float32 | ~float64](self *kernels.Tensor[T], other *kernels.Tensor[T], alpha float64") ||
			!strings.Contains(f.Msg, "parameter 3 (alpha) is T, want float64") {
			t.Errorf("finding %v", f)
		}
	}
}

// TestBuildGeneric builds and vets testdata/generic/out with and without
// the tag, and checks that each release wrapper, instantiated, is
// inlined: generic wrappers cost a release build nothing either.
func TestBuildGeneric(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go code")
	}
	out := "./" + genericDir + "/out"
	for _, args := range [][]string{{"vet", out + "/..."}, {"vet", "-tags", "debugasserts", out + "/..."}} {
		if b, err := exec.Command("go", args...).CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, b)
		}
	}
	res, err := Generate(smallPlan(t, plan.Strict), genericOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	// A file that instantiates every wrapper, added by an overlay.
	var inst strings.Builder
	inst.WriteString("//go:build !debugasserts\n\npackage checked\n\n")
	var names []string
	for _, op := range res.Wrapped {
		for _, w := range smallPlan(t, plan.Strict).Ops {
			if w.Name == op {
				names = append(names, w.GoName)
				inst.WriteString("var _ = " + w.GoName + "[float32]\n")
			}
		}
	}
	dir := t.TempDir()
	abs, _ := filepath.Abs(filepath.Join(genericDir, "out", "zz_instances.go"))
	src := filepath.Join(dir, "instances.go")
	overlay, _ := json.Marshal(map[string]map[string]string{"Replace": {abs: src}})
	if err := os.WriteFile(src, []byte(inst.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "overlay.json"), overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := exec.Command("go", "build", "-overlay", filepath.Join(dir, "overlay.json"), "-gcflags=-m", out).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	for _, n := range names {
		if !strings.Contains(string(b), "can inline "+n+"[float32]\n") {
			t.Errorf("the release wrapper %s[float32] is not inlinable", n)
		}
	}
}

// TestGenericInterfaceMode: interface mode over a generic tensor type:
// Kernels, Checked, checked, Functions and SweepOps are generic in T, the
// adapter calls each kernel instantiated with it; the package builds and
// vets with and without the tag.
func TestGenericInterfaceMode(t *testing.T) {
	o := genericOptions(t)
	o.Mode, o.Package, o.ShapesPackage = output.InterfaceMode, "iface", ""
	p := smallPlan(t, plan.Strict)
	if err := p.Select([]string{"add.Tensor", "add_.Tensor", "cat", "split.Tensor", "index.Tensor", "max.dim", "size.int"}, nil); err != nil {
		t.Fatal(err)
	}
	res, err := Generate(p, o)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, f := range res.Files {
		files[f.Name] = string(f.Data)
	}
	for name, want := range map[string][]string{
		"assertgen_kernels.go": {"type Kernels[T ~float32 | ~float64] interface {"},
		"assertgen_checked.go": {"func Checked[T ~float32 | ~float64](next Kernels[T]) Kernels[T] {", "func (k *checked[T]) AddTensor(", "var _ Kernels[float32] = &checked[float32]{}"},
		"assertgen_direct.go":  {"func Checked[T ~float32 | ~float64](next Kernels[T]) Kernels[T] {"},
		"assertgen_adapter.go": {"type Functions[T ~float32 | ~float64] struct{}", "return kernels.Cat[T](tensors, dim)"},
		"assertgen_sweep.go":   {"func SweepOps[T ~float32 | ~float64](k Kernels[T]) func("},
	} {
		for _, w := range want {
			if !strings.Contains(files[name], w) {
				t.Errorf("%s lacks %q:\n%s", name, w, files[name])
			}
		}
	}
	// The kernel is behind an interface: the Op names none (and its
	// violations no position).
	if strings.Contains(files["assertgen_checked.go"], "Kernel:") {
		t.Errorf("an interface-mode wrap.Op names a kernel:\n%s", files["assertgen_checked.go"])
	}
	if testing.Short() {
		return
	}
	dir := tempModule(t)
	pkg := filepath.Join(dir, "iface")
	os.MkdirAll(pkg, 0o755)
	for _, f := range res.Files {
		if err := os.WriteFile(filepath.Join(pkg, f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"vet", "./..."}, {"vet", "-tags", "debugasserts", "./..."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, b)
		}
	}
}

// TestGenericOptionsErrors: type parameters the generated code could not
// declare are refused before anything is printed.
func TestGenericOptionsErrors(t *testing.T) {
	o := genericOptions(t)
	noInstance := o
	noInstance.TypeParams = []kernels.TypeParam{{Name: "T", Constraint: o.TypeParams[0].Constraint}}
	undeclared := o
	undeclared.TypeParams = nil
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{noInstance, `type parameter "T" needs a name, a constraint and an instance`},
		{undeclared, "the type map's Scalar (T) names the type parameter T, which TypeParams does not declare"},
	} {
		if _, err := Generate(smallPlan(t, plan.Strict), tc.o); err == nil || err.Error() != tc.want {
			t.Errorf("%v, want %q", err, tc.want)
		}
	}
}
