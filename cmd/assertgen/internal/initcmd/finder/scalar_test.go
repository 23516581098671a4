package finder

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBindUntypedScalar: a library function that takes its scalar as
// interface{} and wants one of the tensor's element type (scalarlib's
// Add, as gorgonia's) is bound with the scalar converted to the first
// tensor's element type, which the tensor type says (Dtype().Kind()):
// the bound code adds 0.5 to a float32 tensor, where a float64 passed
// as before is refused; the value check binds it on float64 as before.
// Its Sub(a, b interface{}) is bound to rsub.Tensor and rsub.Scalar
// with its operands swapped, the scalar first (converted too), alpha
// held at 1.
func TestBindUntypedScalar(t *testing.T) {
	dir, l := loadFake(t, Spec{Pointer: true, Path: "example.com/fakemod/scalarlib", Name: "T"})
	// What ProbeMemory finds of it (library_views_test runs that): the
	// element type by Dtype(), float32 and float64 tensors made.
	l.Memory = &Memory{Kind: "Dtype", Made: []Form{{Dtype: "float32", Rank: 2}, {Dtype: "float64", Rank: 2}}}
	f := bindSome(t, dir, l, "add", "rsub")
	got := map[string]Binding{}
	for _, b := range f.Bindings {
		got[b.Op] = b
	}
	const conv = `func() any { switch self.Dtype().Kind().String() { case "float32": return float32(other); default: return other } }()`
	code := got["add.Scalar"].Code
	if !strings.Contains(code, "scalarlib.Add(self, "+conv+")") {
		t.Fatalf("add.Scalar: %q, want the scalar converted: %s", code, conv)
	}
	for op, want := range map[string]string{
		"rsub.Tensor": `if alpha != 1 { panic("Sub has no alpha parameter: bound for alpha = 1 only") }; res, err := scalarlib.Sub(other, self); if err != nil { panic(err) }; return res`,
		"rsub.Scalar": `if alpha != 1 { panic("Sub has no alpha parameter: bound for alpha = 1 only") }; res, err := scalarlib.Sub(` + conv + `, self); if err != nil { panic(err) }; return res`,
	} {
		if b := got[op]; b.Code != want || !b.Swapped || b.HeldText() != "alpha held at 1" {
			t.Errorf("%s: %q (swapped %v, %s), want %q", op, b.Code, b.Swapped, b.HeldText(), want)
		}
	}
	// The bound code, on a float32 tensor.
	prog := `package main

import (
	"fmt"

	"example.com/fakemod/scalarlib"
)

func add(self *scalarlib.T, other, alpha float64) *scalarlib.T {
	` + code + `
}

func rsub(self *scalarlib.T, other, alpha float64) *scalarlib.T {
	` + got["rsub.Scalar"].Code + `
}

func main() {
	x := scalarlib.New(scalarlib.WithShape(1, 2), scalarlib.WithBacking([]float32{1, 2}))
	fmt.Println(add(x, 0.5, 1).Float32s(), rsub(x, 0.5, 1).Float32s())
}
`
	main := filepath.Join(filepath.Dir(dir), "cmdscalar")
	if err := os.Mkdir(main, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(main, "main.go"), []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir, cmd.Env = main, append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	out, err := cmd.CombinedOutput()
	if want := "[1.5 2.5] [-0.5 -1.5]"; err != nil || strings.TrimSpace(string(out)) != want {
		t.Errorf("the bound code on float32: %v: %s, want %s", err, out, want)
	}
}
