package plan

import (
	"bufio"
	"maps"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/schema"
)

// The tests in this file compare plans with testdata/reference, what
// PyTorch's own code generators (torchgen, tools/autograd) make of each
// release's yaml files (scripts/pytorch_reference.py). Unlike the goldens,
// these files are never rewritten by go test -update: a plan that drifts
// from PyTorch fails here whatever the goldens say.

// A refOp is one line of a reference asserts.tsv: the op, what PyTorch
// registers for it, and the rows its generated kernel emits, in order.
type refOp struct {
	name, registration string
	rows               []string // "check arg ret guard fires", "-" for none
	line               int
}

// kernel reports whether PyTorch generates a VariableType kernel for the
// op (under any autograd key).
func (r *refOp) kernel() bool { return strings.Contains(r.registration, "=kernel") }

// readReference reads testdata/reference/pytorch-<release>/asserts.tsv.
func readReference(t *testing.T, release string) (string, map[string]*refOp) {
	t.Helper()
	path := filepath.Join("..", "testdata", "reference", "pytorch-"+release, "asserts.tsv")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ops := map[string]*refOp{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		fs := strings.Split(sc.Text(), "\t")
		if len(fs) != 4 {
			t.Fatalf("%s:%d: want 4 tab-separated fields, found %d", path, n, len(fs))
		}
		op := &refOp{name: fs[0], registration: fs[1], line: n}
		if fs[2] != "-" {
			op.rows = strings.Split(fs[2], ";")
		}
		if fs[3] != "-" {
			t.Fatalf("%s:%d: the op's kernels differ (%s): not modelled", path, n, fs[3])
		}
		if _, dup := ops[op.name]; dup {
			t.Fatalf("%s:%d: duplicate op %s", path, n, op.name)
		}
		ops[op.name] = op
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return path, ops
}

// refRows renders the rows of a plan op the way the reference writes
// them. not_arg_handle rows are assertgen's own (the Go half of
// impl_use_count_le_1) and have no counterpart in PyTorch: they are left
// out.
func refRows(op *Op, withGuards bool) []string {
	var out []string
	for _, c := range op.Checks {
		if c.Name == checks.NotArgHandle {
			continue
		}
		arg, ret := "-", "-"
		if c.Arg != "" {
			arg = c.Arg
		}
		if c.Ret != nil {
			ret = strconv.Itoa(*c.Ret)
		}
		row := c.Name.String() + " " + arg + " " + ret
		if withGuards {
			fires := "live" // the FIRES column of testdata/reference
			if c.NeverFires {
				fires = "never"
			}
			row += " " + c.Guard + " " + fires
		}
		out = append(out, row)
	}
	return out
}

// compareReference compares the pytorch plan of s with the reference of
// release: the same ops, the same kernel decision for each, and for each
// the same rows in the same order (with their guards and whether they can
// fire when withGuards).
func compareReference(t *testing.T, s *schema.Schema, release string, opts Options, withGuards bool) {
	t.Helper()
	path, ref := readReference(t, release)
	opts.Profile = PyTorch
	b, err := newBuilder(s, opts)
	if err != nil {
		t.Fatal(err)
	}
	var st state
	seen := map[string]bool{}
	kernels, rows, bad := 0, 0, 0
	for i, o := range s.Ops {
		var op Op
		b.op(&st, i, &op, nil)
		seen[o.Name] = true
		r := ref[o.Name]
		if r == nil {
			t.Errorf("%s: not in %s", o.Name, path)
			bad++
			continue
		}
		cause, _, _ := b.variableTypeKernel(i, o, b.ix.Entries(i), false)
		if got := cause == vtGenerated; got != r.kernel() {
			t.Errorf("%s:%d: %s: kernel %v, PyTorch registers %s", path, r.line, o.Name, got, r.registration)
			bad++
		}
		if r.kernel() {
			kernels++
		}
		got := refRows(&op, withGuards)
		want := r.rows
		if !withGuards {
			want = make([]string, len(r.rows))
			for k, row := range r.rows {
				fs := strings.Fields(row)
				want[k] = strings.Join(fs[:3], " ")
			}
		}
		rows += len(want)
		if strings.Join(got, ";") != strings.Join(want, ";") {
			t.Errorf("%s:%d: %s: rows differ\n got %s\nwant %s", path, r.line, o.Name, strings.Join(got, ";"), strings.Join(want, ";"))
			bad++
		}
		if bad > 20 {
			t.Fatal("too many differences")
		}
	}
	for name, r := range ref {
		if !seen[name] {
			t.Errorf("%s:%d: %s: not in the schema", path, r.line, name)
		}
	}
	t.Logf("%s: %d ops, %d with a kernel, %d rows compared", release, len(s.Ops), kernels, rows)
}

// TestReference1131 compares the pytorch plan of the embedded 1.13.1
// schema with PyTorch 1.13.1's generated VariableType, row for row.
func TestReference1131(t *testing.T) {
	compareReference(t, loadPyTorch(t), "1.13.1", Options{PyTorchVersion: "1.13"}, true)
}

// TestReference260Rows checks the rows of the pytorch profile for PyTorch
// 2.6.0 without reading its native_functions.yaml: the ops are those of
// the reference's ops.tsv (torchgen 2.6.0's schemas, read as a schema
// list), so the kernel decision, which needs the yaml's dispatch tables
// and derivatives.yaml, is taken from the reference, and every row of
// the 1,555 ops with a kernel is compared, in order, with its guard. This
// covers 2.6's lists (view table, skip lists), guards and row rules;
// TestReference260 covers the rest once package schema reads the yaml.
func TestReference260Rows(t *testing.T) {
	s := reference260List(t)
	path, ref := readReference(t, "2.6.0")
	p, err := BuildWith(s, Options{Profile: PyTorch, PyTorchVersion: "2.6"})
	if err != nil {
		t.Fatal(err)
	}
	kernels, bad := 0, 0
	counts := map[string]int{}
	for _, op := range p.Ops {
		r := ref[op.Name]
		if r == nil {
			t.Fatalf("%s: not in %s", op.Name, path)
		}
		switch {
		case r.kernel():
			kernels++
			got := refRows(op, true)
			for _, row := range got {
				counts[strings.Fields(row)[0]]++
			}
			if strings.Join(got, ";") != strings.Join(r.rows, ";") {
				t.Errorf("%s:%d: %s: rows differ\n got %s\nwant %s", path, r.line, op.Name, strings.Join(got, ";"), strings.Join(r.rows, ";"))
				bad++
			}
		case r.registration == "manual":
			if len(op.Checks) != 0 {
				t.Errorf("%s: PyTorch 2.6.0 writes its kernel by hand (no asserts), the plan has %d checks", op.Name, len(op.Checks))
				bad++
			}
		}
		if bad > 20 {
			t.Fatal("too many differences")
		}
	}
	want := map[string]int{"same_storage": 2966, "same_impl": 2966, "storage_use_count_eq_1": 825, "impl_use_count_le_1": 863, "shares_storage": 35}
	if kernels != 1555 || !maps.Equal(counts, want) {
		t.Errorf("%d kernel ops, rows %v; want 1555, %v", kernels, counts, want)
	}
}

// TestReference260 compares the pytorch plan of PyTorch 2.6.0's embedded
// yaml with PyTorch 2.6.0's generated VariableType, as TestReference1131
// does for 1.13.1: every op, its kernel decision (derivatives.yaml
// matching, the foreach rule), its rows in order with their guards.
func TestReference260(t *testing.T) {
	s, err := schema.Embedded("2.6.0")
	if err != nil {
		t.Fatal(err)
	}
	d, err := schema.PyTorchDerivatives("2.6.0")
	if err != nil {
		t.Fatal(err)
	}
	compareReference(t, s, "2.6.0", Options{PyTorchVersion: "2.6", Derivatives: d}, true)
}

// reference260List reads the ops of testdata/reference/pytorch-2.6.0/ops.tsv
// (torchgen 2.6.0's schemas, in its order) as a schema list.
func reference260List(t *testing.T) *schema.Schema {
	t.Helper()
	ops := filepath.Join("..", "testdata", "reference", "pytorch-2.6.0", "ops.tsv")
	src, err := os.ReadFile(ops)
	if err != nil {
		t.Fatal(err)
	}
	var list strings.Builder
	for _, line := range strings.Split(strings.TrimSuffix(string(src), "\n"), "\n") {
		fs := strings.Split(line, "\t")
		if len(fs) != 5 {
			t.Fatalf("%s: bad line %q", ops, line)
		}
		list.WriteString(fs[4] + "\n")
	}
	s, err := schema.ParseList(ops, []byte(list.String()))
	if err != nil {
		t.Fatal(err)
	}
	s.Version = "2.6.0" // as schema.Load does for a list read with -pytorch-version 2.6
	return s
}
