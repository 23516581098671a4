package sweep

import (
	"fmt"
	"iter"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/sweep/testdata/trust6/checked"
	"github.com/assertgen/assertgen/sweep/testdata/trust6/lib"
)

// The reproducers and probes under hostile input (issue 79, items 1-5 and
// 8, and its guards): testdata/trust6 is a user's module in small, a
// library of several element types (lib, Go's int among them), a kernel
// library over it in a directory named otherwise than its package
// (kernels, package kern) and the wrappers and sweep table gen wrote
// (checked); trustRuntime is its sweep adapter, with the reproducers'
// hooks, as init -type writes one.

// trustLib is the import path of testdata/trust6's library.
const trustLib = "github.com/assertgen/assertgen/sweep/testdata/trust6/lib"

// trustRuntime makes lib's contiguous tensors of float32, float64,
// int64, Go's int (Spec.GoInt) and bool, and writes them as Go.
type trustRuntime struct{}

func (trustRuntime) Capabilities() Capabilities { return Capabilities{GoInt: true} }

func (trustRuntime) Tensor(sp Spec, made []reflect.Value) (reflect.Value, error) {
	if sp.Same >= 0 {
		return made[sp.Same], nil
	}
	if sp.ViewOf >= 0 || sp.Transposed || sp.Strides != nil || sp.Named {
		return reflect.Value{}, fmt.Errorf("lib makes contiguous tensors only")
	}
	data, err := trustData(sp)
	if err != nil {
		return reflect.Value{}, err
	}
	return reflect.ValueOf(lib.New(data, sp.Shape...)), nil
}

func (trustRuntime) Value(*Arg, reflect.Type) (reflect.Value, bool, error) {
	return reflect.Value{}, false, nil
}

// trustElem is lib's element type of sp.
func trustElem(sp Spec) (string, error) {
	if sp.GoInt {
		return "int", nil
	}
	switch sp.Dtype {
	case "float32", "float64", "int64", "bool":
		return sp.Dtype, nil
	}
	return "", fmt.Errorf("lib has no %s tensors", sp.Dtype)
}

// trustData is sp's elements as lib's slice.
func trustData(sp Spec) (any, error) {
	elem, err := trustElem(sp)
	if err != nil {
		return nil, err
	}
	vs := sp.Elements()
	switch elem {
	case "float32":
		d := make([]float32, len(vs))
		for i, v := range vs {
			d[i] = float32(v)
		}
		return d, nil
	case "float64":
		return slices.Clone(vs), nil
	case "int64":
		d := make([]int64, len(vs))
		for i, v := range vs {
			d[i] = int64(v)
		}
		return d, nil
	case "int":
		d := make([]int, len(vs))
		for i, v := range vs {
			d[i] = int(v)
		}
		return d, nil
	}
	d := make([]bool, len(vs))
	for i, v := range vs {
		d[i] = v != 0
	}
	return d, nil
}

func (trustRuntime) ReproSource() Source {
	return Source{Imports: []string{trustLib}, Decls: `
func tensorValues(x *lib.T) []float64 {
	var out []float64
	switch d := x.Data.(type) {
	case []float32:
		for _, v := range d {
			out = append(out, float64(v))
		}
	case []float64:
		out = append(out, d...)
	case []int64:
		for _, v := range d {
			out = append(out, float64(v))
		}
	case []int:
		for _, v := range d {
			out = append(out, float64(v))
		}
	case []bool:
		for _, v := range d {
			if v {
				out = append(out, 1)
			} else {
				out = append(out, 0)
			}
		}
	}
	return out
}

func tensorSizes(x *lib.T) []int { return append([]int{}, x.Shape...) }

func tensorFill(x *lib.T, v float64) {
	switch d := x.Data.(type) {
	case []float32:
		for i := range d {
			d[i] = float32(v)
		}
	case []float64:
		for i := range d {
			d[i] = v
		}
	case []int64:
		for i := range d {
			d[i] = int64(v)
		}
	case []int:
		for i := range d {
			d[i] = int(v)
		}
	case []bool:
		for i := range d {
			d[i] = v != 0
		}
	}
}`}
}

func (trustRuntime) ReproTensor(sp Spec, made []string) (string, error) {
	if sp.Same >= 0 {
		return made[sp.Same], nil
	}
	elem, err := trustElem(sp)
	if err != nil {
		return "", err
	}
	var vs []string
	for _, v := range sp.Elements() {
		if elem == "bool" {
			vs = append(vs, strconv.FormatBool(v != 0))
		} else {
			vs = append(vs, strconv.FormatFloat(v, 'g', -1, 64))
		}
	}
	shape := ""
	for _, n := range sp.Shape {
		shape += ", " + strconv.Itoa(n)
	}
	return fmt.Sprintf("lib.New([]%s{%s}%s)", elem, strings.Join(vs, ", "), shape), nil
}

// trustOps is testdata/trust6's sweep table cut to the ops named.
func trustOps(names ...string) iter.Seq2[string, any] {
	return func(yield func(string, any) bool) {
		for s, w := range checked.SweepOps {
			if name, _, _ := strings.Cut(s, "("); slices.Contains(names, name) && !yield(s, w) {
				return
			}
		}
	}
}

// Item 4: trunc reads one past the end of each 1-d tensor in one
// function, its panic's text another on each length ([0], [3], [1]): one
// crash of one op, kind and function, in-process as isolated, counting
// every call and naming every sample it hit (its reproducer:
// TestOneCrashOneReproducer).
func TestOneCrashPerFunction(t *testing.T) {
	for _, inProcess := range []bool{true, false} {
		rep, err := Sweep(trustOps("trunc"), trustRuntime{}, Options{Content: true, InProcess: inProcess, Test: t})
		if err != nil {
			t.Fatal(err)
		}
		hit := strings.Count(rep.Tried["trunc"], "C")
		if len(rep.Crashes) != 1 || rep.Crashes[0].Count != hit || len(rep.Crashes[0].Variants) != hit || hit < 3 {
			t.Fatalf("in-process %t: want one crash of trunc on the %d samples it crashed on:\n%s", inProcess, hit, rep)
		}
		if n := strings.Count(rep.String(), "crash: trunc:"); n != 1 {
			t.Errorf("in-process %t: the report lists %d crashes of trunc:\n%s", inProcess, n, rep)
		}
	}
}

// Item 5's judge: the reproducer of a crash that exits the process is
// verified when it dies as the worker did, exiting with the worker's
// status in its test (which does not end) and printing the worker's last
// message; not when it prints another message, exits with another
// status, fails its test with the message, passes, or does not build.
func TestVerifyExitRepro(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs tests")
	}
	mod := t.TempDir()
	msg := "kern: floor has no path for 4-d tensors"
	cases := []struct {
		name, body string
		ok         bool
		note       string
	}{
		{"dies", `log.Fatalf("kern: floor has no path for %d-d tensors", 4)`, true, ""},
		{"another_message", `log.Fatalf("kern: floor has no path for %d-d tensors", 3)`, false, "the test fails otherwise: it exits with status 1 without printing " + strconv.Quote(msg)},
		{"another_status", `log.Print("` + msg + `"); os.Exit(2)`, false, "the test fails otherwise: it exits with status 2, not 1"},
		{"test_fails", `t.Fatal("` + msg + `")`, false, "the test fails otherwise: repro_test.go:12: " + msg},
		{"passes", `log.Print("` + msg + `")`, false, "the test passes: the bug does not show without the checks"},
		{"broken", `undefined()`, false, "the test did not run: ./repro_test.go:12:2: undefined: undefined"},
	}
	var rs []*Repro
	for _, c := range cases {
		dir := filepath.Join(mod, c.name)
		if err := os.MkdirAll(dir, 0o777); err != nil {
			t.Fatal(err)
		}
		src := "package repro\n\nimport (\n\t\"log\"\n\t\"os\"\n\t\"testing\"\n)\n\nvar _, _ = os.Exit, log.Print\n\nfunc TestRepro(t *testing.T) {\n\t" + c.body + "\n}\n"
		if err := os.WriteFile(filepath.Join(dir, "repro_test.go"), []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module "+c.name+"\n\ngo 1.25.0\n"), 0o666); err != nil {
			t.Fatal(err)
		}
		rs = append(rs, &Repro{Dir: dir, Name: "TestRepro", exits: true, status: 1, want: msg})
	}
	verifyRepros(rs)
	for i, c := range cases {
		if rs[i].Verified != c.ok || rs[i].Note != c.note {
			t.Errorf("%s: verified %v (%q), want %v (%q)", c.name, rs[i].Verified, rs[i].Note, c.ok, c.note)
		}
	}
}

// A reproducer's command runs from any directory: it changes to the
// reproducer's module (which has a name of its own, so that any
// directory's name does) and runs its tests; the path shell-quoted where
// it needs it, which a shell reads back as it was; GOWORK=off when the
// sweep ran in a workspace the reproducer is not part of.
func TestReproCommandQuoted(t *testing.T) {
	for _, c := range []struct {
		dir  string
		work bool
		want string
	}{
		{"testdata/repro/abs_panic", false, "cd ./testdata/repro/abs_panic && go test ./..."},
		{"testdata/my repro/abs_panic", false, "cd './testdata/my repro/abs_panic' && go test ./..."},
		{"/tmp/repro@1/abs_panic", false, "cd /tmp/repro@1/abs_panic && go test ./..."},
		{"../répro/abs_panic", false, "cd '../répro/abs_panic' && go test ./..."},
		{"repro/abs_panic", true, "cd ./repro/abs_panic && GOWORK=off go test ./..."},
	} {
		if got := reproCommand(c.dir, c.work); got != c.want {
			t.Errorf("reproCommand(%q, %v) = %s, want %s", c.dir, c.work, got, c.want)
		}
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh to read the quoted paths back")
	}
	for _, s := range []string{"./testdata/my repro/x", "./it's here/x", `./a"b$c\d/x`, "./plain/x"} {
		out, err := exec.Command(sh, "-c", "printf %s "+shellQuote(s)).Output()
		if err != nil || string(out) != s {
			t.Errorf("shellQuote(%q) = %s, which sh reads as %q (%v)", s, shellQuote(s), out, err)
		}
	}
}

// Item 8's empty reason: a reproducer go test says nothing of (neither
// ran nor failed to build in its output) is not verified with a reason
// that says so, never an empty one.
func TestJudgeRunSaysWhy(t *testing.T) {
	for _, c := range []struct{ result, out string }{{"", ""}, {"fail", "FAIL\n"}, {"", "=== RUN   TestRepro\n"}} {
		if ok, note := judgeRun(c.result, c.out, "abs panics"); ok || strings.HasSuffix(note, ": ") || !strings.Contains(note, "said nothing") {
			t.Errorf("judgeRun(%q, %q): %v, %q", c.result, c.out, ok, note)
		}
	}
}
