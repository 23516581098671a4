package wrap

import "testing"

func TestSourceFile(t *testing.T) {
	mod := modulePath()
	if mod != "github.com/assertgen/assertgen" {
		t.Fatalf("main module %q, want github.com/assertgen/assertgen (the test binary's build information)", mod)
	}
	for _, tc := range []struct{ name, file, want string }{
		{"github.com/assertgen/assertgen/examples/refops.AddTensor", "/home/u/src/assertgen/examples/refops/ops.go", "examples/refops/ops.go"},
		{"github.com/assertgen/assertgen/examples/refops.(*T).Add", "/x/ops.go", "examples/refops/ops.go"},
		{"github.com/assertgen/assertgen/examples/pool.AddTensor[...]", "/x/kernels.go", "examples/pool/kernels.go"},
		{"github.com/assertgen/assertgen/examples/pool.AddTensor[go.shape.float32]", "/x/kernels.go", "examples/pool/kernels.go"},
		{"github.com/assertgen/assertgen/examples/refops.Add.func1", "/x/ops.go", "examples/refops/ops.go"},
		{"github.com/assertgen/assertgen.F", "/x/root.go", "root.go"},
		// -trimpath spells the file by its import path; Windows with backslashes.
		{"github.com/assertgen/assertgen/kernels.F", "github.com/assertgen/assertgen/kernels/k.go", "kernels/k.go"},
		{"github.com/assertgen/assertgen/kernels.F", `C:\src\kernels\k.go`, "kernels/k.go"},
		// An external test package's functions are in its directory.
		{"github.com/assertgen/assertgen/kernels_test.F", "/x/k_test.go", "kernels/k_test.go"},
		// Another module: its import path.
		{"gonum.org/v1/gonum/mat.(*Dense).Add", "/go/pkg/mod/gonum.org/v1/gonum@v0.17.0/mat/dense_arithmetic.go", "gonum.org/v1/gonum/mat/dense_arithmetic.go"},
		{"gopkg.in/yaml%2ev3.Marshal", "/go/pkg/mod/gopkg.in/yaml.v3@v3.0.1/yaml.go", "gopkg.in/yaml.v3/yaml.go"},
		{"github.com/assertgen/assertgenx/k.F", "/x/k.go", "github.com/assertgen/assertgenx/k/k.go"},
		// Package main keeps no import path.
		{"main.F", "/x/main.go", "main.go"},
	} {
		if got := sourceFile(tc.name, tc.file); got != tc.want {
			t.Errorf("sourceFile(%q, %q) = %q, want %q", tc.name, tc.file, got, tc.want)
		}
	}
}
