package config

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/assertgen/assertgen/schema"
)

// backendFile is a backend yaml for the ops of smallDir's schema.
const backendFile = "../schema/testdata/backend/my_backend.yaml"

// smallDir holds a small schema and an assertgen.yaml for it.
const smallDir = "../gen/testdata/small"

func loadSmall(t testing.TB) *schema.Schema {
	t.Helper()
	s, err := schema.Load(filepath.Join(smallDir, "native_functions.yaml"), "", schema.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestBackendSelect(t *testing.T) {
	s := loadSmall(t)
	b, err := schema.LoadBackend(backendFile)
	if err != nil {
		t.Fatal(err)
	}
	if b.Key != "MyDevice" || b.CppNamespace != "my_device" || b.ClassName != "MyDeviceNativeFunctions" {
		t.Errorf("backend %q, namespace %q, class %q", b.Key, b.CppNamespace, b.ClassName)
	}
	for _, tc := range []struct {
		ops  []string
		want []string
		err  string
	}{
		{nil, []string{"add.Tensor", "add_.Tensor", "transpose.int", "cat", "max.dim"}, ""},
		{[]string{"add*"}, []string{"add.Tensor", "add_.Tensor"}, ""},
		{[]string{"cat", "max.dim"}, []string{"cat", "max.dim"}, ""},
		{[]string{"cat", "add.out"}, nil, `-ops: "add.out" selects no op of the backend ` + backendFile},
	} {
		c := &Config{Ops: tc.ops}
		if tc.ops != nil {
			c.SetByFlag("ops", "-ops")
		}
		got, err := c.BackendOps(b, s)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("ops %v: error %v, want %s", tc.ops, err, tc.err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("ops %v: %v, %v; want %v", tc.ops, got, err, tc.want)
		}
	}
}

func TestBackendErrors(t *testing.T) {
	s := loadSmall(t)
	const head = "backend: X\ncpp_namespace: x\n"
	for _, tc := range []struct {
		src  string
		want string // every error, one per line
	}{
		{"", "b.yaml:1:1: a backend yaml must be a mapping with at least backend: and cpp_namespace:"},
		{"[add]\n", "b.yaml:1:1: a backend yaml must be a mapping with at least backend: and cpp_namespace:"},
		{"supported: [add.Tensor]\n", "b.yaml:1:1: missing key \"backend\" (torchgen requires it)\nb.yaml:1:1: missing key \"cpp_namespace\" (torchgen requires it)"},
		{head + "suported: [add.Tensor]\nextra_headers: [a.h]\n", "b.yaml:3:1: unknown key \"suported\"; did you mean \"supported\"?\nb.yaml:4:1: unknown key \"extra_headers\""},
		{head + "backend: Y\n", "b.yaml:3:1: duplicate key \"backend\"; first at line 1"},
		{"backend: [X]\ncpp_namespace: \"\"\n", "b.yaml:1:10: backend: want a non-empty string\nb.yaml:2:16: cpp_namespace: want a non-empty string"},
		{head + "device_guard: yes please\n", "b.yaml:3:15: device_guard: want true or false"},
		{head + "supported: add.Tensor\n", "b.yaml:3:12: supported: want a list of op names"},
		{head + "supported:\n  - [add]\n  - add.Tensor(x)\n", "b.yaml:4:5: supported: want an op name such as add.Tensor\nb.yaml:5:9: supported: bad op name \"add.Tensor(x)\": invalid overload name \"Tensor(x)\""},
		{head + "supported: [add.Tensor, cat, add.Tensor]\nautograd: [cat]\n", "b.yaml:3:30: supported: duplicate op \"add.Tensor\" (first at line 3)\nb.yaml:4:12: autograd: op \"cat\" is also listed under supported (line 3); an op's kernel is for the backend key or for its autograd key, not both"},
		{head + "non_native: 3\n", "b.yaml:3:13: non_native: want a list of entries"},
		{head + "supported: [\"add*\"]\n", "b.yaml:3:13: supported: \"add*\": a backend names ops, not patterns"},
		{head + "supported:\n  - add.Tensr\n  - add\n  - add.out\nsymint: [tranpose.int]\n",
			"b.yaml:4:5: supported: unknown op \"add.Tensr\" in " + filepath.Join(smallDir, "native_functions.yaml") + "; did you mean add.Tensor, add_.Tensor?\n" +
				"b.yaml:5:5: supported: unknown op \"add\": it has only overloads; use add.* for all of them, or one of add.Tensor, add.out\n" +
				"b.yaml:7:10: symint: unknown op \"tranpose.int\" in " + filepath.Join(smallDir, "native_functions.yaml") + "; did you mean transpose.int?"},
	} {
		b, err := schema.ParseBackend("b.yaml", []byte(tc.src))
		if err == nil {
			err = checkBackend(b, s)
		}
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.src, got, tc.want)
		}
	}
}

// TestBackendPyTorchLazy reads PyTorch's own backend yaml (the Lazy
// backend's ts_native_functions.yaml, when the release's source tree is on
// this machine) against the embedded schema of the same release: every op
// name resolves, as torchgen requires.
func TestBackendPyTorchLazy(t *testing.T) {
	for _, tc := range []struct{ version, path string }{
		{"1.13", "/work/src/1.13.1/pytorch-1.13.1/aten/src/ATen/native/ts_native_functions.yaml"},
		{"2.6", "/work/src/2.6.0/pytorch-v2.6.0/aten/src/ATen/native/ts_native_functions.yaml"},
	} {
		src, err := os.ReadFile(tc.path)
		if err != nil {
			t.Logf("PyTorch %s source not here: %v", tc.version, err)
			continue
		}
		s, err := schema.Embedded(tc.version)
		if err != nil {
			t.Fatal(err)
		}
		b, err := schema.ParseBackend(tc.path, src)
		if err != nil {
			t.Fatal(err)
		}
		if err := checkBackend(b, s); err != nil {
			t.Fatal(err)
		}
		if b.Key != "Lazy" || len(b.Ops()) < 100 {
			t.Errorf("backend %s, %d ops", b.Key, len(b.Ops()))
		}
		t.Logf("%s: %d ops with a kernel (supported %d, full_codegen %d, autograd %d)", tc.path, len(b.Ops()), len(b.Supported), len(b.FullCodegen), len(b.Autograd))
	}
}
