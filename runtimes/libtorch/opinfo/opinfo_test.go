package opinfo

import (
	"bytes"
	"compress/gzip"
	"errors"
	"math"
	"strings"
	"testing"
)

func gz(t *testing.T, s string) *bytes.Reader {
	t.Helper()
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	z.Write([]byte(s))
	z.Close()
	return bytes.NewReader(b.Bytes())
}

// TestRead decodes every kind of recorded value: None, the schema's
// default, numbers (inf and nan as strings), enums, an empty list (told
// from no list), tensors with values or a range.
func TestRead(t *testing.T) {
	c, err := Read(gz(t, `{"torch":"2.14.1","opinfos":2,"per_op":4,"calls":{"x.out":[[
		null, {"d":1}, {"i":-3}, {"f":"inf"}, {"f":"nan"}, {"b":true}, {"str":"mean"},
		{"dtype":"int32"}, {"layout":"strided"}, {"device":"cpu"}, {"mf":"channels_last"},
		{"l":[]}, {"l":[{"i":1},{"f":2.5}]},
		{"t":"int64","s":[2,2],"st":[1,2],"o":1,"v":[0,1,2,3]},
		{"t":"float32","s":[100],"st":[1],"o":0,"lo":-1,"hi":"inf","conj":1}
	]]}}`), "x.json.gz")
	if err != nil {
		t.Fatal(err)
	}
	call := c.Calls["x.out"][0]
	if len(call) != 15 || call[0] != nil || !call[1].Default || call[2].Default || *call[2].I != -3 {
		t.Fatalf("call %+v", call)
	}
	if !math.IsInf(float64(*call[3].F), 1) || !math.IsNaN(float64(*call[4].F)) || !*call[5].B || *call[6].Str != "mean" {
		t.Errorf("scalars %+v %+v %+v %+v", call[3], call[4], call[5], call[6])
	}
	if call[7].Dtype != "int32" || call[8].Layout != "strided" || call[9].Device != "cpu" || call[10].MF != "channels_last" {
		t.Errorf("enums %+v %+v %+v %+v", call[7], call[8], call[9], call[10])
	}
	if !call[11].List || len(call[11].L) != 0 || !call[12].List || *call[12].L[0].I != 1 || call[2].List {
		t.Errorf("lists %+v %+v", call[11], call[12])
	}
	x := call[13].Tensor
	if x.T != "int64" || x.Offset != 1 || len(x.Values) != 4 || x.Strides[1] != 2 || x.Lo != nil {
		t.Errorf("tensor %+v", x)
	}
	y := call[14].Tensor
	if float64(*y.Lo) != -1 || !math.IsInf(float64(*y.Hi), 1) || y.Conj != 1 || y.Values != nil {
		t.Errorf("tensor %+v", y)
	}
}

// TestReadErrors: a bad number, an unknown field and a file that is not
// gzip are errors naming the file.
func TestReadErrors(t *testing.T) {
	for _, s := range []string{
		`{"calls":{"x":[[{"f":"big"}]]}}`,
		`{"calls":{},"extra":1}`,
	} {
		if _, err := Read(gz(t, s), "bad.json.gz"); err == nil || !strings.HasPrefix(err.Error(), "bad.json.gz: ") {
			t.Errorf("%s: error %v", s, err)
		}
	}
	if _, err := Read(strings.NewReader("{}"), "plain.json"); err == nil || !strings.HasPrefix(err.Error(), "plain.json: ") {
		t.Errorf("not gzip: error %v", err)
	}
}

// TestLoad: the committed recordings load, are sorted data of one
// torch version, and keep at most per_op calls an overload; a release
// without one is ErrNone.
func TestLoad(t *testing.T) {
	c, err := Load("2.14.1")
	if err != nil {
		t.Fatal(err)
	}
	if c.Torch != "2.14.1" || c.PerOp < 1 || len(c.Calls) == 0 {
		t.Errorf("torch %s, per_op %d, %d overloads", c.Torch, c.PerOp, len(c.Calls))
	}
	for op, l := range c.Calls {
		if len(l) == 0 || len(l) > c.PerOp {
			t.Errorf("%s: %d calls", op, len(l))
		}
	}
	if _, err := Load("0.1.0"); !errors.Is(err, ErrNone) {
		t.Errorf("Load(0.1.0): %v", err)
	}
}
