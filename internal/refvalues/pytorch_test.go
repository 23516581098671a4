package refvalues

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/schema"
)

var callsOut = flag.String("calls", "", "write the reference's calls as JSON to this file and skip the check (pytorch.sh)")

// A call is one case of an op as PyTorch takes it: the op's name and its
// arguments by schema name. pytorch.py runs it and adds torch's result.
type call struct {
	Op   string         `json:"op"`
	Args map[string]any `json:"args"`
	Want any            `json:"want,omitempty"`
}

// TestPyTorch holds every case of the reference to PyTorch's own value
// of it, in testdata/pytorch.json (pytorch.sh writes it with Debian's
// python3-torch). A case the file lacks, or holds with other arguments,
// fails: the file is then stale and pytorch.sh regenerates it.
func TestPyTorch(t *testing.T) {
	calls := referenceCalls(t)
	if *callsOut != "" {
		for i := range calls {
			calls[i].Want = nil
		}
		b, err := json.MarshalIndent(calls, "", "\t")
		if err == nil {
			err = os.WriteFile(*callsOut, append(b, '\n'), 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
		t.Skipf("wrote %d calls to %s", len(calls), *callsOut)
	}
	b, err := os.ReadFile("testdata/pytorch.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Torch string `json:"torch"`
		Cases []call `json:"cases"`
	}
	if err := json.Unmarshal(b, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Cases) != len(calls) {
		t.Errorf("testdata/pytorch.json holds %d cases, the reference %d: regenerate it (pytorch.sh)", len(file.Cases), len(calls))
	}
	ops := map[string]bool{}
	for i, c := range calls {
		ops[c.Op] = true
		if i >= len(file.Cases) {
			break
		}
		torch := file.Cases[i]
		if torch.Op != c.Op || !reflect.DeepEqual(roundTrip(t, c.Args), roundTrip(t, torch.Args)) {
			t.Errorf("case %d: the reference's is %s %v, testdata/pytorch.json's %s %v: regenerate it (pytorch.sh)", i, c.Op, c.Args, torch.Op, torch.Args)
			continue
		}
		got, err := decodeTensor(torch.Want)
		if err != nil {
			t.Errorf("case %d, %s: torch's result: %v", i, c.Op, err)
			continue
		}
		want := c.Want.(Matrix)
		if c.Op == "select.int" {
			// The reference keeps the selected dim (viewOps): PyTorch's
			// result with it put back.
			if got, err = unsqueezeAt(got, int(c.Args["dim"].(int))); err != nil {
				t.Fatal(err)
			}
		}
		if !Equal(want, got) {
			t.Errorf("%s %s: the reference gives %v %v %v, PyTorch %s gives %v %v %v", c.Op, jsonString(t, c.Args), want.DType, want.Shape(), want, file.Torch, got.DType, got.Shape(), got)
		}
	}
	if len(ops) != len(Names()) {
		t.Errorf("%d ops called of %d", len(ops), len(Names()))
	}
}

// referenceCalls are the calls of every case of every op of the
// reference, with the reference's results in Want.
func referenceCalls(t *testing.T) []call {
	s, err := schema.Default()
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*schema.Op{}
	for _, o := range s.Ops {
		byName[o.Name] = o
	}
	var out []call
	for _, n := range Names() {
		o, so := Lookup(n), byName[n]
		if so == nil {
			t.Fatalf("%s: not in the schema", n)
		}
		for k, c := range o.Cases {
			args, err := callArgs(o, so, c)
			if err != nil {
				t.Fatalf("%s case %d: %v", n, k, err)
			}
			want, err := o.Want(c)
			if err != nil {
				t.Fatalf("%s case %d: %v", n, k, err)
			}
			out = append(out, call{Op: n, Args: args, Want: want})
		}
	}
	return out
}

// callArgs are case c of o by schema argument. Arguments the reference
// ignores are left out: PyTorch takes their defaults.
func callArgs(o *Op, so *schema.Op, c Case) (map[string]any, error) {
	args := map[string]any{}
	var tensors, scalars, lists int
	for _, a := range append(slices.Clone(so.Func.Positional), so.Func.KwargOnly...) {
		typ := a.Type
		switch {
		case typ.Is(schema.Tensor):
			args[a.Name] = encodeTensor(c.In[tensors])
			tensors++
		case typ.Kind == schema.ListKind && typ.Elem.Is(schema.Tensor):
			var l []any
			for _, m := range c.In {
				l = append(l, encodeTensor(m))
			}
			args[a.Name] = l
		case intList(typ):
			if l := c.Lists[lists]; l != nil {
				args[a.Name] = l
			} else {
				args[a.Name] = nil
			}
			lists++
		case slices.Contains(Ignorable, a.Name) && !slices.Contains(o.Scalars, a.Name):
		default:
			v, err := encodeScalar(o, a, c.Scalars[scalars])
			if err != nil {
				return nil, err
			}
			args[a.Name] = v
			scalars++
		}
	}
	return args, nil
}

// encodeScalar is v as a value of argument a's type: a bool, a dtype's
// name, an enum's word, an int or a number; nil for an unset optional.
func encodeScalar(o *Op, a schema.Argument, v float64) (any, error) {
	typ := a.Type
	if typ.Kind == schema.OptionalKind {
		if IsNone(v) {
			return nil, nil
		}
		typ = typ.Elem
	}
	switch {
	case typ.Is(schema.Bool):
		return v != 0, nil
	case typ.Is(schema.ScalarType):
		return map[string]string{"dtype": DType(v).String()}, nil
	case typ.Is(schema.Str):
		words := o.Enums[a.Name]
		if int(v) < 0 || int(v) >= len(words) {
			return nil, fmt.Errorf("%s: no word %v", a.Name, v)
		}
		return words[int(v)], nil
	case typ.Is(schema.Int), typ.Is(schema.SymInt):
		return int(v), nil
	case typ.Is(schema.Float), typ.Is(schema.Scalar):
		return number(v), nil
	}
	return nil, fmt.Errorf("argument %s of type %s", a.Name, a.Type)
}

// encodeTensor is m as the JSON pytorch.py reads and writes.
func encodeTensor(m Matrix) map[string]any {
	data := make([]any, len(m.Data))
	for i, v := range m.Data {
		switch m.DType {
		case Bool:
			data[i] = v != 0
		case Int64:
			data[i] = int64(v)
		default:
			data[i] = number(v)
		}
	}
	return map[string]any{"dtype": m.DType.String(), "sizes": m.Shape(), "data": data}
}

// number is v, or for a value JSON has no number of, its Python name.
func number(v float64) any {
	switch {
	case math.IsNaN(v):
		return "nan"
	case math.IsInf(v, 1):
		return "inf"
	case math.IsInf(v, -1):
		return "-inf"
	}
	return v
}

// decodeTensor reads a tensor pytorch.py wrote.
func decodeTensor(v any) (Matrix, error) {
	obj, ok := v.(map[string]any)
	if !ok {
		return Matrix{}, fmt.Errorf("no tensor: %v", v)
	}
	d := slices.Index(dtypeNames, fmt.Sprint(obj["dtype"]))
	rawSizes, _ := obj["sizes"].([]any)
	rawData, _ := obj["data"].([]any)
	if d < 0 {
		return Matrix{}, fmt.Errorf("dtype %v", obj["dtype"])
	}
	sizes := []int{}
	for _, s := range rawSizes {
		sizes = append(sizes, int(s.(float64)))
	}
	data := []float64{}
	for _, x := range rawData {
		switch x := x.(type) {
		case bool:
			data = append(data, b2f(x))
		case float64:
			data = append(data, x)
		case string:
			data = append(data, map[string]float64{"nan": math.NaN(), "inf": math.Inf(1), "-inf": math.Inf(-1)}[x])
		}
	}
	if len(data) != numel(sizes) {
		return Matrix{}, fmt.Errorf("%d values of sizes %v", len(data), sizes)
	}
	return Make(DType(d), sizes, data), nil
}

// roundTrip is v as JSON decodes it: numbers float64, lists []any.
func roundTrip(t *testing.T, v any) any {
	var out any
	if err := json.Unmarshal([]byte(jsonString(t, v)), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func jsonString(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(b))
}
