package initcmd

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"
)

// TestPlainConstructor: the constructor init writes a plain type's tests
// with. One with a shape beats one without (which makes 1-D tensors),
// then New beats From... beats the rest; the values must be a slice of a
// builtin number, not named as sizes (Zeros(shape ...int)), the result
// *Tensor itself.
func TestPlainConstructor(t *testing.T) {
	for _, tc := range []struct {
		name, src  string
		call, elem string
		flat       bool
	}{
		{"shape beats flat", `func FromSlice(v ...float64) *Tensor
func Make(v []float64, shape ...int) *Tensor`, "rt.Make(data, shape...)", "float64", false},
		{"New beats From", `func FromData(v []float32, shape []int) *Tensor
func New(v []float32, shape []int64) *Tensor`, "rt.New(data, int64s(shape))", "float32", false},
		{"flat variadic", `func FromSlice(v ...int32) *Tensor`, "rt.FromSlice(data...)", "int32", true},
		{"flat slice", `func Of(v []float64) *Tensor`, "rt.Of(data)", "float64", true},
		{"none", `func New(v []string, shape ...int) *Tensor
func Of(v []float64) Tensor
func Zeros(shape ...int) *Tensor
func Empty(dims []int64) *Tensor
func Strided(sizes []int, strides ...int) *Tensor
func From(v []float64, shape ...float64) *Tensor
func from(v []float64) *Tensor`, "", "", false},
	} {
		fset := token.NewFileSet()
		src := "package rt\n\ntype Tensor struct{}\n\n" + stubBodies(tc.src)
		f, err := parser.ParseFile(fset, "rt.go", src, 0)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		pkg, err := (&types.Config{Importer: importer.Default()}).Check("example.com/rt", fset, []*ast.File{f}, nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		tn := pkg.Scope().Lookup("Tensor").(*types.TypeName)
		call, _, elem, flat := plainConstructor(&target{Name: "rt", Type: "Tensor"}, pkg, tn)
		if call != tc.call || elem != tc.elem || flat != tc.flat {
			t.Errorf("%s: %q %q %v, want %q %q %v", tc.name, call, elem, flat, tc.call, tc.elem, tc.flat)
		}
	}
}

// stubBodies gives each declaration line of src a body returning zero
// values.
func stubBodies(src string) string {
	out := ""
	for _, line := range strings.Split(src, "\n") {
		ret := "return nil"
		if strings.HasSuffix(line, " Tensor") {
			ret = "return Tensor{}"
		}
		out += line + " { " + ret + " }\n"
	}
	return out
}
