package gen

import (
	"bytes"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/assertgen/assertgen/internal/discover"
	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/output"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
	"github.com/assertgen/assertgen/testdata/golden"
)

const smallDir = "testdata/small"

func smallPlan(t testing.TB, profile plan.Profile) *plan.Plan {
	t.Helper()
	s, err := schema.Load(filepath.Join(smallDir, "native_functions.yaml"), "", schema.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := plan.Build(s, profile)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// smallTypes returns the default types merged with the types: of the
// small assertgen.yaml (the config package reads the whole file; this test
// of gen reads only the type map).
func smallTypes(t testing.TB) kernels.TypeMap {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(smallDir, "assertgen.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var c struct{ Types map[string]string }
	if err := yaml.Unmarshal(src, &c); err != nil {
		t.Fatal(err)
	}
	over := kernels.TypeMap{}
	for k, v := range c.Types {
		if over[k], err = kernels.ParseGoType(v); err != nil {
			t.Fatal(err)
		}
	}
	return kernels.DefaultTypes().Merge(over)
}

func smallKernels(t testing.TB) *kernels.Set {
	t.Helper()
	k, err := discover.Load(smallDir, "./kernels")
	if err != nil {
		t.Fatal(err)
	}
	return k.Set
}

// compareGolden compares generated files with the files in dir (each
// name plus suffix), or rewrites them with -update.
func compareGolden(t *testing.T, dir string, files []File, suffix string) {
	t.Helper()
	for _, f := range files {
		golden.Check(t, filepath.Join(dir, filepath.FromSlash(f.Name)+suffix), f.Data)
	}
}

// TestGoldenFunctionMode checks the function-mode wrappers of the small
// schema against testdata/small/out, which is also built by TestBuildSmall.
//
// The command writes it with the shape helpers in a package of their own
// (the output directory is in this module), so the test asks for that too.
func TestGoldenFunctionMode(t *testing.T) {
	res, err := Generate(smallPlan(t, plan.Strict), Options{
		Mode: output.FunctionMode, Package: "checked", Types: smallTypes(t), Kernels: smallKernels(t), Sweep: true,
		ShapesPackage: "github.com/assertgen/assertgen/gen/testdata/small/out/" + ShapesDir,
	})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(res.Missing, ",") != "reshape" {
		t.Errorf("missing kernels %v, want [reshape]", res.Missing)
	}
	if len(res.Wrapped) != 18 {
		t.Errorf("%d ops wrapped, want 18", len(res.Wrapped))
	}
	compareGolden(t, filepath.Join(smallDir, "out"), res.Files, "")
}

// TestGoldenInterfaceMode checks the interface-mode files of the small
// schema, in both profiles.
func TestGoldenInterfaceMode(t *testing.T) {
	for _, profile := range []plan.Profile{plan.Strict, plan.PyTorch} {
		res, err := Generate(smallPlan(t, profile), Options{Mode: output.InterfaceMode, Package: "small", Sweep: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Wrapped) != 19 {
			t.Errorf("%d ops wrapped, want 19", len(res.Wrapped))
		}
		compareGolden(t, filepath.Join("testdata/golden", "interface-"+string(profile)), res.Files, ".golden")
	}
}

// TestEveryCheckEmitted makes sure the small schema exercises every check
// the plan can give a runtime with use counts, as a row of a Shape of the
// one path, the forms of its rows and every read of its helpers (tensors
// held as asserts.Tensor, interface mode without a type map: read with
// Frame.Iface): read as the newest release (impl_use_count_eq_fresh) and
// as 2.6.0 (impl_use_count_le_1).
func TestEveryCheckEmitted(t *testing.T) {
	var all []byte
	for _, version := range []string{"", "2.6.0"} {
		s, err := schema.Load(filepath.Join(smallDir, "native_functions.yaml"), "", schema.Options{Version: version})
		if err != nil {
			t.Fatal(err)
		}
		p, err := plan.Build(s, plan.Strict)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Generate(p, Options{Mode: output.InterfaceMode, Package: "small"})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range res.Files {
			all = append(all, f.Data...)
		}
	}
	for _, call := range []string{
		// the rows, by check
		"checks.SameImpl,", "checks.SameStorage,", "checks.NoMutation,", "checks.BindingContext,",
		"checks.ImplUseCountLE1,", "checks.ImplUseCountEqFresh,", "checks.StorageUseCountEq1,", "checks.NotArgHandle,",
		"checks.SharesStorage,", "checks.ViewHoldsStorage,", "checks.FreshOrAlias,", "checks.FreshNoAlias,",
		"checks.ReturnsArg,", "checks.DistinctOutputs,", "checks.SameContent,", "checks.SameMetadata,",
		// their forms (FormOne, the zero Form, is left out)
		"checks.SameImpl, T: ", "wrap.FormRetList", "wrap.FormArgList",
		// the helpers' reads
		"fr.Open()", "fr.Arg(", "fr.ArgOpt(", "fr.Iface(", "fr.List(", "fr.Elem(", "fr.ViewBase(", "fr.ViewBaseList(",
		"fr.Begin(", "fr.AfterArg(", "fr.AfterList(", "fr.AfterElem(", "fr.Ret(", "fr.RetElem(", "fr.RetListRead(",
		"fr.End()", "fr.Abandon()",
	} {
		if !bytes.Contains(all, []byte(call)) {
			t.Errorf("no %s in the small schema's wrappers", call)
		}
	}
	if bytes.Contains(all, []byte("wrap.Call")) {
		t.Error("a wrapper of the small schema is not on the one path")
	}
}

func TestDeterministic(t *testing.T) {
	t.Parallel() // the long tests of the package side by side
	gen := func() []File {
		s, err := schema.Embedded("1.13")
		if err != nil {
			t.Fatal(err)
		}
		p, err := plan.Build(s, plan.Strict)
		if err != nil {
			t.Fatal(err)
		}
		// The ops whose names start with a, s or _: a third of them.
		var names []string
		for _, op := range p.Ops {
			if strings.IndexByte("as_", op.Name[0]) >= 0 {
				names = append(names, op.Name)
			}
		}
		if err := p.Select(names, nil); err != nil {
			t.Fatal(err)
		}
		res, err := Generate(p, Options{Mode: output.InterfaceMode, Package: "all"})
		if err != nil {
			t.Fatal(err)
		}
		return res.Files
	}
	a, b := gen(), gen()
	if len(a) != len(b) {
		t.Fatal("different file sets")
	}
	for i := range a {
		if a[i].Name != b[i].Name || !bytes.Equal(a[i].Data, b[i].Data) {
			t.Errorf("%s differs between two runs", a[i].Name)
		}
		if !bytes.HasPrefix(a[i].Data, []byte("// "+Header+"\n")) {
			t.Errorf("%s does not start with the generated-code header", a[i].Name)
		}
	}
}

func TestVetWrongSignature(t *testing.T) {
	loaded, err := discover.Load(smallDir, "../badkernels")
	if err != nil {
		t.Fatal(err)
	}
	k := loaded.Set
	p := smallPlan(t, plan.Strict)
	if err := p.Select([]string{"add.Tensor", "cat", "transpose.int"}, nil); err != nil {
		t.Fatal(err)
	}
	findings, missing, err := Vet(p, Options{Mode: output.FunctionMode, Package: "checked", Types: smallTypes(t), Kernels: k})
	if err != nil {
		t.Fatal(err)
	}
	if len(findings) != 1 {
		t.Fatalf("findings %v, want one", findings)
	}
	f := findings[0]
	if !strings.HasSuffix(f.Pos.String(), filepath.Join("testdata", "badkernels", "kernels.go")+":8:6") ||
		!strings.Contains(f.Msg, "want func(self *kernels.Tensor, other *kernels.Tensor, alpha float64) *kernels.Tensor") {
		t.Errorf("finding %v", f)
	}
	if len(missing) != 1 || missing[0].Name != "transpose.int" || missing[0].GoName != "TransposeInt" {
		t.Errorf("missing %v", missing)
	}
	if _, err := Generate(smallPlan(t, plan.Strict), Options{Mode: output.FunctionMode, Package: "checked", Types: smallTypes(t), Kernels: k}); err == nil ||
		!strings.Contains(err.Error(), "kernels.go:8:6: kernel AddTensor of add.Tensor has the wrong signature") {
		t.Errorf("Generate with a wrong kernel: %v", err)
	}
}

func TestOptionsErrors(t *testing.T) {
	p := smallPlan(t, plan.Strict)
	m := kernels.DefaultTypes()
	m["Tensor"] = kernels.GoType{Name: "int"}
	for _, tt := range []struct {
		o    Options
		want string
	}{
		{Options{Mode: output.InterfaceMode, Package: "1x"}, `invalid package name "1x"`},
		{Options{Mode: "both", Package: "x"}, `unknown mode "both"`},
		{Options{Mode: output.FunctionMode, Package: "x"}, "function mode needs the kernels package"},
		{Options{Mode: output.InterfaceMode, Package: "x", BuildTag: "a b"}, `invalid build tag "a b"`},
		{Options{Mode: output.InterfaceMode, Package: "x", Types: m}, "must be a pointer or interface type"},
		{Options{Mode: output.InterfaceMode, Package: "x", Types: tensorAs(kernels.GoType{Name: "any"})}, "(any) is no tensor type"},
		{Options{Mode: output.InterfaceMode, Package: "x", Types: tensorAs(kernels.GoType{Name: "error"})}, "(error) is no tensor type"},
		{Options{Mode: output.InterfaceMode, Package: "x", Types: tensorAs(kernels.GoType{Prefix: "*", Name: "int"})}, "(*int) is no tensor type"},
		{Options{Mode: output.InterfaceMode, Package: "x", Types: tensorAs(kernels.GoType{Prefix: "*", Path: "unsafe", Name: "Pointer"})}, "is no tensor type"},
		{Options{Mode: output.InterfaceMode, Package: "x", Types: tensorAs(kernels.GoType{Prefix: "*", Name: "T", Param: true}),
			TypeParams: []kernels.TypeParam{{Name: "T", Constraint: []kernels.Term{{Type: kernels.GoType{Name: "float32"}}}, Instances: []kernels.GoType{{Name: "float32"}}}}}, "(*T) is no tensor type"},
	} {
		if _, err := Generate(p, tt.o); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: got %v, want %q", tt.o, err, tt.want)
		}
	}
}

// tensorAs is the default type map with Tensor mapped to t.
func tensorAs(t kernels.GoType) map[string]kernels.GoType {
	m := kernels.DefaultTypes()
	m["Tensor"] = t
	return m
}

// goBuild runs go build (and vet) in dir on pkg with and without the tag.
func goBuild(t *testing.T, dir, pkg string) { goBuildSplit(t, dir, pkg, pkg) }

// goBuildSplit builds and vets the packages release without the tag and
// the packages debug with it.
func goBuildSplit(t *testing.T, dir, release, debug string) {
	t.Helper()
	for _, args := range [][]string{
		{"build", release}, {"build", "-tags", DefaultBuildTag, debug},
		{"vet", release}, {"vet", "-tags", DefaultBuildTag, debug},
	} {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		// A temporary module lists only this module; let the go command
		// add the rest from the module cache.
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod -buildvcs=false")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}

// TestBuildSmall builds the function-mode golden files, which only the
// go command's ./... patterns skip (they live under testdata).
func TestBuildSmall(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go code")
	}
	goBuild(t, ".", "./testdata/small/out")
}

// TestInterfaceAdapter checks the adapter interface mode writes from a
// kernels package, and the error when a selected op has no kernel.
func TestInterfaceAdapter(t *testing.T) {
	o := Options{Mode: output.InterfaceMode, Package: "small", Types: smallTypes(t), Kernels: smallKernels(t)}
	_, err := Generate(smallPlan(t, plan.Strict), o)
	want := "interface mode with a kernels package: op reshape has no kernel Reshape in github.com/assertgen/assertgen/gen/testdata/small/kernels (the adapter Functions implements every method of Kernels; add the kernels or select fewer ops)"
	if err == nil || err.Error() != want {
		t.Errorf("all ops: error %v\nwant %s", err, want)
	}
	p := smallPlan(t, plan.Strict)
	if err := p.Select([]string{"add.Tensor", "transpose.int"}, nil); err != nil {
		t.Fatal(err)
	}
	res, err := Generate(p, o)
	if err != nil {
		t.Fatal(err)
	}
	var adapter string
	for _, f := range res.Files {
		if f.Name == "assertgen_adapter.go" {
			adapter = string(f.Data)
		}
	}
	for _, s := range []string{
		"// " + Header + "\n\npackage small\n", // no build tag: both builds
		"type Functions struct{}\n\nvar _ Kernels = Functions{}\n",
		"func (Functions) AddTensor(self *kernels.Tensor, other *kernels.Tensor, alpha float64) *kernels.Tensor {\n\treturn kernels.AddTensor(self, other, alpha)\n}\n",
		"func (Functions) TransposeInt(self *kernels.Tensor, dim0 int64, dim1 int64) *kernels.Tensor {\n\treturn kernels.TransposeInt(self, dim0, dim1)\n}\n",
	} {
		if !strings.Contains(adapter, s) {
			t.Errorf("assertgen_adapter.go lacks\n%s\nin\n%s", s, adapter)
		}
	}
	// Without a kernels package, no adapter.
	o.Kernels = nil
	if res, err = Generate(smallPlan(t, plan.Strict), o); err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Files {
		if f.Name == "assertgen_adapter.go" {
			t.Error("adapter written without a kernels package")
		}
	}
}

// TestShapesShared checks that the ops of the default release share their
// shape helpers (in their own package, as gen writes them in a module): the
// checks, which the compiler inlines, are compiled once per shape, which is
// what keeps the debug build of all ops affordable (see docs/gen.md). Every
// wrapper calls one pre and one post helper, or on the one path one Before
// and one After helper.
func TestShapesShared(t *testing.T) {
	if testing.Short() {
		t.Skip("generates all ops")
	}
	s, err := schema.Default()
	if err != nil {
		t.Fatal(err)
	}
	_, res := generateAll(t, s, plan.Strict)
	var shapes string
	pre, post := 0, 0
	for _, f := range res.Files {
		if path.Base(f.Name) == "assertgen_shapes.go" {
			shapes = string(f.Data)
		}
		if strings.HasPrefix(f.Name, "assertgen_checked") {
			pre += strings.Count(string(f.Data), "\tassertgenshapes.ChecksPre") + strings.Count(string(f.Data), "\tassertgenshapes.Before_")
			post += strings.Count(string(f.Data), "\tassertgenshapes.ChecksPost") + strings.Count(string(f.Data), "\tassertgenshapes.After_")
		}
	}
	ops := len(res.Wrapped)
	if pre != ops || post != ops {
		t.Errorf("%d ops, %d pre and %d post helper calls", ops, pre, post)
	}
	helpers := strings.Count(shapes, "\nfunc Checks") + strings.Count(shapes, "\nfunc Before_") + strings.Count(shapes, "\nfunc After_")
	if helpers == 0 || helpers > 2*ops/5 {
		t.Errorf("%d shape helpers for %d ops, want at most %d", helpers, ops, 2*ops/5)
	}
	t.Logf("%d ops, %d shape helpers", ops, helpers)
}
