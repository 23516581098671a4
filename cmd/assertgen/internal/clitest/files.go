package clitest

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// With returns args with more appended, args unchanged.
func With(args []string, more ...string) []string { return append(slices.Clone(args), more...) }

// WriteFiles writes files (paths relative to dir, directories made) into
// dir.
func WriteFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, src := range files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// ReadSet returns every entry of dir (files and directories, hidden ones
// too) with the contents of the files; a directory's name ends in /.
func ReadSet(t testing.TB, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	set := map[string]string{}
	for _, e := range entries {
		if e.IsDir() {
			set[e.Name()+"/"] = ""
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		set[e.Name()] = string(data)
	}
	return set
}

// WriteSet makes dir hold the files of set and nothing else.
func WriteSet(t testing.TB, dir string, set map[string]string) {
	t.Helper()
	os.RemoveAll(dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range set {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// DirList returns the names in dir, sorted.
func DirList(t testing.TB, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// BuildAll builds and vets every package of the module at dir, with and
// without the debug tag.
func BuildAll(t testing.TB, dir string) {
	t.Helper()
	for _, args := range [][]string{{"build", "./..."}, {"build", "-tags", "debugasserts", "./..."}, {"vet", "-tags", "debugasserts", "./..."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod -buildvcs=false")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}

// ShapedRuntime is the body of a small runtime package without ids of its
// own (a window on a shared buffer): a constructor with a shape, a
// functional kernel, an in-place one, a view and a copy.
const ShapedRuntime = `// Tensor has no ids of its own: a window on a shared buffer.
type Tensor struct {
	data  []float64
	shape []int
}

// New returns a tensor of shape holding a copy of values.
func New(values []float64, shape ...int) *Tensor {
	return &Tensor{data: append([]float64(nil), values...), shape: append([]int(nil), shape...)}
}

// Neg is neg.
func Neg(self *Tensor) *Tensor {
	r := New(self.data, self.shape...)
	for i := range r.data {
		r.data[i] = -r.data[i]
	}
	return r
}

// Neg_ is neg_.
func Neg_(self *Tensor) *Tensor {
	for i := range self.data {
		self.data[i] = -self.data[i]
	}
	return self
}

// Alias is alias.
func Alias(self *Tensor) *Tensor { return &Tensor{data: self.data, shape: self.shape} }

// Clone is clone.
func Clone(self *Tensor, memoryFormat *int) *Tensor { return New(self.data, self.shape...) }
`
