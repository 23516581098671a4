package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/schema"
)

// TestBindArg: each schema type maps to the Go type assertgen's default
// type map gives (with Tensor=*torch.Tensor, Scalar=torch.Scalar), and to a
// C++ local the op's call accepts; unsupported types give a reason.
func TestBindArg(t *testing.T) {
	for _, c := range []struct {
		arg, goType, decl, reason string
	}{
		{"Tensor self", "*torch.Tensor", "at::Tensor &a = r.tensor();", ""},
		{"Tensor(a!) out", "*torch.Tensor", "at::Tensor &a = r.tensor();", ""},
		{"Tensor? weight", "*torch.Tensor", "c10::optional<at::Tensor> a = r.opt_tensor();", ""},
		{"Tensor[] tensors", "[]*torch.Tensor", "std::vector<at::Tensor> a = r.tensors();", ""},
		{"Tensor?[] indices", "[]*torch.Tensor", "c10::List<c10::optional<at::Tensor>> a = r.opt_tensors();", ""},
		{"int dim", "int64", "int64_t a = r.i64();", ""},
		{"SymInt[] size", "[]int64", "c10::SymIntArrayRef a = r.symints();", ""},
		{"int[1]? dim", "[]int64", "at::OptionalIntArrayRef a = r.opt_ints();", ""},
		{"int? start", "*int64", "c10::optional<int64_t> a; if (r.present()) a = r.i64();", ""},
		{"bool[3] mask", "[]bool", "std::array<bool, 3> a = r.bool_array<3>();", ""},
		{"Scalar alpha", "torch.Scalar", "at::Scalar a = r.scalar();", ""},
		{"Scalar? min", "*torch.Scalar", "c10::optional<at::Scalar> a; if (r.present()) a = r.scalar();", ""},
		{"ScalarType? dtype", "*int", "c10::optional<at::ScalarType> a; if (r.present()) a = static_cast<at::ScalarType>(r.i64());", ""},
		{"str? reduce", "*string", "c10::optional<c10::string_view> a; if (r.present()) a = r.str();", ""},
		{"Generator? generator", "any", "c10::optional<at::Generator> a = c10::nullopt;", ""},
		{"float[]? scale_factors", "[]float64", "c10::optional<at::ArrayRef<double>> a = r.opt_floats();", ""},
		{"Storage source", "", "", "unsupported type Storage"},
		{"Stream s", "", "", "unsupported type Stream"},
	} {
		f, err := schema.ParseFunc("f(" + c.arg + ") -> ()")
		if err != nil {
			t.Fatalf("%s: %v", c.arg, err)
		}
		spec, reason := bindArg(f.Args()[0])
		if reason != c.reason {
			t.Errorf("%s: reason %q, want %q", c.arg, reason, c.reason)
			continue
		}
		if reason != "" {
			continue
		}
		if spec.goType != c.goType {
			t.Errorf("%s: Go type %s, want %s", c.arg, spec.goType, c.goType)
		}
		if got := strings.ReplaceAll(spec.decl, "%[1]s", "%s"); !strings.Contains(got, "%s") || strings.ReplaceAll(got, "%s", "a") != c.decl {
			t.Errorf("%s: C++ local %q, want %q", c.arg, strings.ReplaceAll(got, "%s", "a"), c.decl)
		}
	}
}

// TestBindRet: returns the shim can encode, and the one it cannot.
func TestBindRet(t *testing.T) {
	for _, c := range []struct{ ret, goType, reason string }{
		{"Tensor", "*torch.Tensor", ""},
		{"Tensor[]", "[]*torch.Tensor", ""},
		{"Scalar", "torch.Scalar", ""},
		{"ScalarType", "int", ""},
		{"int[]", "", "unsupported return type int[]"},
	} {
		f, err := schema.ParseFunc("f(Tensor self) -> " + c.ret)
		if err != nil {
			t.Fatal(err)
		}
		spec, reason := bindRet(f.Returns[0].Type)
		if reason != c.reason || spec.goType != c.goType {
			t.Errorf("%s: (%q, %q), want (%q, %q)", c.ret, spec.goType, reason, c.goType, c.reason)
		}
	}
}

// TestRelease: each target's bindings follow that libtorch release's own
// schema, not assertgen's default, whatever that is; 1.13.1 goes to the
// module root, the others to a module of their own under releases/.
func TestRelease(t *testing.T) {
	for _, c := range []struct {
		release, dir string
		ops          int
	}{
		{"1.13.1", "", 2952},
		{"2.6.0", "releases/2.6.0", 3144},
	} {
		tg, ok := findTarget(c.release)
		if !ok {
			t.Fatalf("no target %s", c.release)
		}
		s, err := schema.Embedded(tg.release)
		if err != nil {
			t.Fatal(err)
		}
		if s.Version != c.release || len(s.Ops) != c.ops || tg.dir != c.dir {
			t.Errorf("%s: schema release %s, %d ops, dir %q; want %s, %d, %q", c.release, s.Version, len(s.Ops), tg.dir, c.release, c.ops, c.dir)
		}
	}
	if _, ok := findTarget("2.5.0"); ok {
		t.Errorf("findTarget(2.5.0) found a target")
	}
}

// TestIncludeDir: the #cgo include path climbs from the package to the
// module root's include directory.
func TestIncludeDir(t *testing.T) {
	root, _ := findTarget("1.13.1")
	r26, _ := findTarget("2.6.0")
	if got := includeDir(root, "internal/shim/part0"); got != "${SRCDIR}/../../../include" {
		t.Errorf("1.13.1: %s", got)
	}
	if got := includeDir(r26, "internal/shim/part0"); got != "${SRCDIR}/../../../../../include" {
		t.Errorf("2.6.0: %s", got)
	}
}

// TestCopyFrom: a release's copy of a root file imports that release's
// bindings (aten, checked, checkedpt, sweepops, internal/...) and the root's shared
// packages (torch) as they are, under a generated-code header.
func TestCopyFrom(t *testing.T) {
	root := t.TempDir()
	src := `package findings

import (
	"github.com/assertgen/assertgen/runtimes/libtorch/aten"
	"github.com/assertgen/assertgen/runtimes/libtorch/checked"
	"github.com/assertgen/assertgen/runtimes/libtorch/checkedpt"
	_ "github.com/assertgen/assertgen/runtimes/libtorch/internal/shim"
	"github.com/assertgen/assertgen/runtimes/libtorch/sweepops"
	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
)

var _ = []any{aten.SchemaVersion, checked.Mm, checkedpt.Mm, sweepops.Checked, torch.Undefined}
`
	if err := os.MkdirAll(filepath.Join(root, "findings"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "findings", "x_test.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	tg, _ := findTarget("2.14.1")
	got, err := copyFrom(root, "findings/x_test.go", tg)
	if err != nil {
		t.Fatal(err)
	}
	g := string(got)
	rel := rootModule + "/releases/2.14.1/"
	for _, want := range []string{
		"// Code generated by assertgen from runtimes/libtorch/findings/x_test.go. DO NOT EDIT.\n",
		`"` + rel + `aten"`, `"` + rel + `checked"`, `"` + rel + `checkedpt"`, `"` + rel + `sweepops"`, `"` + rel + `internal/shim"`,
		`"` + rootModule + `/torch"`,
	} {
		if !strings.Contains(g, want) {
			t.Errorf("the copy lacks %s:\n%s", want, g)
		}
	}
}
