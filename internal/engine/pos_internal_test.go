package engine

import (
	"os"
	"path/filepath"
	"testing"
)

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

func TestDeclName(t *testing.T) {
	for _, tc := range []struct {
		function, name string
		literal        bool
	}{
		{"example.com/m/kernels.AddTensor", "AddTensor", false},
		{"example.com/m/kernels.(*T).Add", "Add", false},
		{"example.com/m/kernels.T.Add", "Add", false},
		{"example.com/m/kernels.AddTensor[...]", "AddTensor", false},
		{"example.com/m/kernels.AddTensor[go.shape.float32]", "AddTensor", false},
		{"example.com/m/kernels.(*T[...]).Add", "Add", false},
		{"example.com/m/kernels.Map[go.shape.struct { a/b.c int }]", "Map", false},
		{"gopkg.in/yaml%2ev3.Marshal", "Marshal", false},
		{"main.F", "F", false},
		{"example.com/m/kernels.init.func1", "", true},
		{"example.com/m/kernels.F.func2.1", "", true},
		{"example.com/m/kernels.(*T).M.gowrap1", "", true},
		{"example.com/m/kernels.glob..func1", "", true},
	} {
		name, literal := declName(tc.function)
		if name != tc.name || literal != tc.literal {
			t.Errorf("declName(%q) = %q, %v; want %q, %v", tc.function, name, literal, tc.name, tc.literal)
		}
	}
}

func TestDeclColumn(t *testing.T) {
	file := filepath.Join(t.TempDir(), "k.go")
	src := "package k\n" +
		"func Add(a, b int) int { return a + b }\n" +
		"func (r *rt) Neg(a int) int { return -a }\n" +
		"func (r rt[T]) Mul(a int) int { return a }\n" +
		"var f = func(a int) int { return a } // func in a comment\n" +
		"var g, h = func() {}, func() {}\n" +
		"\tfunc(x string) { _ = \"func Add\" }(\"\")\n"
	if err := os.WriteFile(file, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		file     string
		line     int
		function string
		want     int
	}{
		{file, 2, "example.com/k.Add", 6},
		{file, 3, "example.com/k.(*rt).Neg", 14},
		{file, 4, "example.com/k.rt[...].Mul", 16},
		{file, 5, "example.com/k.glob..func1", 9},
		{file, 6, "example.com/k.glob..func2", 0}, // two literals
		{file, 7, "example.com/k.F.func1", 2},     // a string is no token
		{file, 3, "example.com/k.Add", 0},         // the line declares another
		{file, 99, "example.com/k.Add", 0},        // past the end: the file changed
		{filepath.Join(t.TempDir(), "gone.go"), 2, "example.com/k.Add", 0},
		{"example.com/k/k.go", 2, "example.com/k.Add", 0}, // -trimpath
	} {
		if got := declColumn(tc.file, tc.line, tc.function); got != tc.want {
			t.Errorf("declColumn(%s, %d, %q) = %d, want %d", filepath.Base(tc.file), tc.line, tc.function, got, tc.want)
		}
	}
}
