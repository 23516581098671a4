// Package opinfo holds, per libtorch release, the aten-level calls that
// PyTorch's own OpInfo samples make on CPU (recorded by record.py in the
// release's chroot with Debian's python3-torch, see record.sh), for the
// sweep to replay as samples. It is data: per overload at most a few
// calls, each the value of every schema argument (a tensor's dtype, shape,
// strides, storage offset and small values or range; a scalar; a list; an
// enum; None; or the schema's default).
package opinfo

import (
	"bytes"
	"compress/gzip"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"strconv"
)

//go:embed *.json.gz
var files embed.FS

// Calls are one release's recorded calls.
type Calls struct {
	// Torch is the version of python3-torch that recorded them.
	Torch string `json:"torch"`
	// OpInfos is the number of OpInfos walked.
	OpInfos int `json:"opinfos"`
	// PerOp is the most calls kept per overload.
	PerOp int `json:"per_op"`
	// Calls maps an overload ("add.Tensor", "relu") to its calls.
	Calls map[string][]Call `json:"calls"`
}

// A Call is the values of an overload's schema arguments, in schema order;
// a nil value is None.
type Call []*Value

// A Value is one recorded argument. Exactly one group of fields is set;
// a tensor has T (its dtype).
type Value struct {
	Default bool     `json:"-"`
	D       int      `json:"d,omitempty"` // 1: not given, the schema's default
	I       *int64   `json:"i,omitempty"`
	F       *Num     `json:"f,omitempty"`
	B       *bool    `json:"b,omitempty"`
	Str     *string  `json:"str,omitempty"`
	C       []Num    `json:"c,omitempty"` // a complex scalar: real, imaginary
	Dtype   string   `json:"dtype,omitempty"`
	Layout  string   `json:"layout,omitempty"` // an enum value, or a tensor's non-strided layout
	Device  string   `json:"device,omitempty"` // an enum value, or a tensor's non-CPU device
	MF      string   `json:"mf,omitempty"`     // a memory format
	L       []*Value `json:"l,omitempty"`
	List    bool     `json:"-"` // L was given (it may be empty)
	Other   string   `json:"other,omitempty"`
	Tensor
}

// Tensor is a recorded tensor: T is its dtype ("" for no tensor).
type Tensor struct {
	T       string  `json:"t,omitempty"`
	Shape   []int64 `json:"s,omitempty"`
	Strides []int64 `json:"st,omitempty"`
	Offset  int64   `json:"o,omitempty"`
	// Values are its elements in row-major order (real parts of complex
	// ones), recorded when it has few; else Lo and Hi bound them.
	Values []Num `json:"v,omitempty"`
	Lo     *Num  `json:"lo,omitempty"`
	Hi     *Num  `json:"hi,omitempty"`
	Conj   int   `json:"conj,omitempty"`
	Neg    int   `json:"neg,omitempty"`
}

// UnmarshalJSON reads a value, telling an empty list from no list.
func (v *Value) UnmarshalJSON(b []byte) error {
	type plain Value
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	var probe struct {
		L json.RawMessage `json:"l"`
	}
	if err := json.Unmarshal(b, &probe); err != nil {
		return err
	}
	*v = Value(p)
	v.List = probe.L != nil
	v.Default = v.D == 1
	return nil
}

// Num is a float that may be written as "inf", "-inf" or "nan".
type Num float64

// UnmarshalJSON reads a number or one of those strings.
func (n *Num) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		s, err := strconv.Unquote(string(b))
		if err != nil {
			return err
		}
		switch s {
		case "inf":
			*n = Num(math.Inf(1))
		case "-inf":
			*n = Num(math.Inf(-1))
		case "nan":
			*n = Num(math.NaN())
		default:
			return fmt.Errorf("opinfo: bad number %q", s)
		}
		return nil
	}
	var f float64
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	*n = Num(f)
	return nil
}

// ErrNone says a release has no recorded calls.
var ErrNone = errors.New("no recorded OpInfo calls")

// Load returns the recorded calls of a libtorch release.
func Load(release string) (*Calls, error) {
	name := release + ".json.gz"
	f, err := files.Open(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("opinfo: %s: %w", release, ErrNone)
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, name)
}

// Read reads recorded calls (gzipped JSON) from r; name is for errors.
func Read(r io.Reader, name string) (*Calls, error) {
	z, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	b, err := io.ReadAll(z)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	var c Calls
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&c); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return &c, nil
}
