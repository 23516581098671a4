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
	if b.Key != "PrivateUse1" || b.CppNamespace != "my_device" || b.ClassName != "MyDeviceNativeFunctions" {
		t.Errorf("backend %q, namespace %q, class %q", b.Key, b.CppNamespace, b.ClassName)
	}
	for _, tc := range []struct {
		ops  []string
		want []string
		err  string
	}{
		{nil, []string{"add.Tensor", "add_.Tensor", "transpose.int", "cat", "max.dim"}, ""},
		{[]string{"add.*", "add_.*"}, []string{"add.Tensor", "add_.Tensor"}, ""},
		{[]string{"*"}, []string{"add.Tensor", "add_.Tensor", "transpose.int", "cat", "max.dim"}, ""},
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

// TestBackendKeys checks the three cases of torchgen 2.6.0's own tests of
// gen_backend_stubs that assertgen accepted (issue 32): a backend that is
// no dispatch key, and an op group whose functional and out= or
// functional and in-place variants are split between supported and
// autograd; and what torchgen accepts beside them.
func TestBackendKeys(t *testing.T) {
	s := loadSmall(t)
	for _, tc := range []struct {
		src  string
		want string // every error, one per line; "" for none
	}{
		// torchgen: test_backend_invalid_dispatch_key.
		{"backend: NOT_XLA\ncpp_namespace: torch_xla\nsupported:\n- abs\n",
			`b.yaml:1:10: backend: "NOT_XLA" is not a dispatch key of PyTorch 2.14.1: torchgen registers the kernels of supported: for it, so it must name one (CPU, CUDA, XLA, Lazy, PrivateUse1, ...)`},
		{"backend: Lazzy\ncpp_namespace: x\nfull_codegen: [cat]\n",
			`b.yaml:1:10: backend: "Lazzy" is not a dispatch key of PyTorch 2.14.1: torchgen registers the kernels of supported: for it, so it must name one (CPU, CUDA, XLA, Lazy, PrivateUse1, ...); did you mean "Lazy"?`},
		// Only autograd: the backend key is not parsed, its autograd key is.
		{"backend: FPGA\ncpp_namespace: x\nautograd: [max.dim]\n",
			`b.yaml:1:10: backend: "FPGA" has no autograd key in PyTorch 2.14.1 (no dispatch key AutogradFPGA): torchgen registers the kernels of autograd: for that key, so drop autograd: or use a backend that has one (XLA, Lazy, PrivateUse1, ...)`},
		// torchgen: test_backend_autograd_kernel_mismatch_out_functional.
		{"backend: XLA\ncpp_namespace: torch_xla\nsupported:\n- add.Tensor\nautograd:\n- add.out\n",
			"b.yaml:6:3: autograd: add.out is a variant of add.Tensor, which is listed for the backend key (line 4); torchgen registers every variant of an op group (functional, in-place, out=) for the backend key or every one for its autograd key, not some of each"},
		// torchgen: test_backend_autograd_kernel_mismatch_functional_inplace.
		{"backend: XLA\ncpp_namespace: torch_xla\nsupported:\n- add.Tensor\nautograd:\n- add_.Tensor\n",
			"b.yaml:6:3: autograd: add_.Tensor is a variant of add.Tensor, which is listed for the backend key (line 4); torchgen registers every variant of an op group (functional, in-place, out=) for the backend key or every one for its autograd key, not some of each"},
		// full_codegen is supported too.
		{"backend: Lazy\ncpp_namespace: x\nfull_codegen: [add.out]\nautograd: [add_.Tensor]\n",
			"b.yaml:4:12: autograd: add_.Tensor is a variant of add.out, which is listed for the backend key (line 3); torchgen registers every variant of an op group (functional, in-place, out=) for the backend key or every one for its autograd key, not some of each"},
		// Accepted: a whole group under one key, another op's group under
		// the other; keys with an autograd key.
		{"backend: XLA\ncpp_namespace: x\nsupported: [add.Tensor, add_.Tensor, add.out]\nautograd: [max.dim]\n", ""},
		{"backend: PrivateUse1\ncpp_namespace: x\nautograd: [add.Tensor, add_.Tensor, add.out]\n", ""},
		{"backend: CPU\ncpp_namespace: x\nsupported: [transpose.int]\nautograd: [cat]\n", ""},
	} {
		b, err := schema.ParseBackend("b.yaml", []byte(tc.src))
		if err == nil {
			err = b.CheckKeys(s)
		}
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.src, got, tc.want)
		}
	}
	// BackendOps refuses them too.
	b, err := schema.ParseBackend("b.yaml", []byte("backend: NOT_XLA\ncpp_namespace: x\nsupported: [add.Tensor]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&Config{}).BackendOps(b, s); err == nil {
		t.Error("BackendOps accepts backend: NOT_XLA")
	}
}
