package generate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/assertgen/assertgen/gen"
	"github.com/assertgen/assertgen/kernels"
)

// shapesPackage puts the shape helpers in a package of their own under the
// output directory when it is in a module, and keeps them in the wrappers'
// package when it is not, or when a tensor type or the kernels are
// declared in the output package itself.
func TestShapesPackage(t *testing.T) {
	mod := t.TempDir()
	os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module example.com/m\n"), 0o644)
	out := filepath.Join(mod, "a", "checked")
	tensor := kernels.GoType{Prefix: "*", Path: "example.com/m/rt", Name: "Tensor"}
	own := kernels.GoType{Prefix: "*", Path: "example.com/m/a/checked", Name: "Tensor"}
	tests := []struct {
		name string
		dir  string
		o    gen.Options
		want string
	}{
		{"in a module", out, gen.Options{Types: kernels.TypeMap{"Tensor": tensor}}, "example.com/m/a/checked/" + gen.ShapesDir},
		{"the module's root", mod, gen.Options{}, "example.com/m/" + gen.ShapesDir},
		{"a tensor type of the output package", out, gen.Options{Types: kernels.TypeMap{"Tensor": own}}, ""},
		{"kernels in the output package", out, gen.Options{Kernels: &kernels.Set{Path: "example.com/m/a/checked"}}, ""},
		{"in no module", t.TempDir(), gen.Options{}, ""},
	}
	for _, tt := range tests {
		got, err := shapesPackage(tt.dir, tt.o)
		if err != nil || got != tt.want {
			t.Errorf("%s: %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
}
