//go:build debugasserts

package sweep

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	pool "github.com/assertgen/assertgen/examples/pool/checked"
	genout "github.com/assertgen/assertgen/gen/testdata/generic/out"
	"github.com/assertgen/assertgen/schema/funcschema"
)

// TestReproGenericCall: a generic wrapper's call is written with its type
// parameters instantiated as the sweep's wrapper was (float32 or
// float64), in examples/pool's generic set and gen's generic golden, so
// that the reproducer declares no T of its own and builds.
func TestReproGenericCall(t *testing.T) {
	for _, c := range []struct {
		name    string
		wrapper any
		want    string
	}{
		{"pool add float32", pool.AddTensor[float32], "kernels.AddTensor[float32](self, other, alpha)"},
		{"pool add float64", pool.AddTensor[float64], "kernels.AddTensor[float64](self, other, alpha)"},
		{"pool cat", pool.Cat[float64], "kernels.Cat[float64]("},
		{"golden split", genout.SplitTensor[float32], "[float32]("},
	} {
		b, err := boundCallOf(reflect.ValueOf(c.wrapper))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		call := b.call(nil)
		if !strings.Contains(call, c.want) || strings.Contains(call, "[T]") {
			t.Errorf("%s: the call is %s, want it to contain %s", c.name, call, c.want)
		}
	}
}

// poolRepro writes examples/pool's tensors as Go: pool.New of the spec's
// values, of the element type the sweep's table instantiated (float32).
type poolRepro struct{ libRuntime }

func (poolRepro) ReproSource() Source {
	return Source{Imports: []string{"github.com/assertgen/assertgen/examples/pool"}, Decls: `
func tensorValues[T pool.Float](x *pool.Tensor[T]) []float64 {
	var vs []float64
	for _, v := range x.Values() {
		vs = append(vs, float64(v))
	}
	return vs
}

func tensorSizes[T pool.Float](x *pool.Tensor[T]) []int { return x.Shape() }

func tensorFill[T pool.Float](x *pool.Tensor[T], v float64) {}`}
}

func (poolRepro) ReproTensor(sp Spec, made []string) (string, error) {
	if sp.Same >= 0 {
		return made[sp.Same], nil
	}
	var vs, shape []string
	for _, v := range sp.Elements() {
		vs = append(vs, fmt.Sprint(v))
	}
	for _, n := range sp.Shape {
		shape = append(shape, ", "+fmt.Sprint(n))
	}
	return fmt.Sprintf("pool.New([]float32{%s}%s)", strings.Join(vs, ", "), strings.Join(shape, "")), nil
}

// TestReproGenericBuilds: the reproducer of a finding of examples/pool's
// generic set (its float32 instantiation) builds, passes go vet, and
// passes against pool's correct add (the template fails only on a bug):
// the call is written kernels.AddTensor[float32], the package imported
// under the name the wrapper's source gives it as well as the one the
// runtime's declarations use.
func TestReproGenericBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a reproducer")
	}
	for _, c := range []struct {
		schema, where, call string
		wrapper             any
	}{
		{"add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor", "argument self", "kernels.AddTensor[float32](", pool.AddTensor[float32]},
		{"cat(Tensor[] tensors, int dim=0) -> Tensor", "argument tensors[0]", "kernels.Cat[float32](", pool.Cat[float32]},
	} {
		op, err := funcschema.ParseFunc(c.schema)
		if err != nil {
			t.Fatal(err)
		}
		fn := reflect.ValueOf(c.wrapper)
		b, err := boundCallOf(fn)
		if err != nil {
			t.Fatal(err)
		}
		rc := &reproCase{Op: op.Name.String(), Check: "same_content", Where: c.where, Sample: For(op, 0)}
		src, _, _, err := writeRepro(poolRepro{}, fn, b, rc)
		if err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
		if !strings.Contains(string(src), c.call) {
			t.Errorf("the call is not instantiated:\n%s", src)
		}
		dir, err := os.MkdirTemp("testdata", "repro-generic-") // in the module: it imports examples/pool
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.RemoveAll(dir) })
		if err := os.WriteFile(filepath.Join(dir, "repro_test.go"), src, 0o666); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"vet", "./" + filepath.ToSlash(dir)}, {"test", "-count=1", "./" + filepath.ToSlash(dir)}} {
			out, err := exec.Command("go", args...).CombinedOutput()
			if err != nil {
				t.Errorf("%s: go %s: %v\n%s\n%s", op.Name, args[0], err, out, src)
			}
		}
	}
}
