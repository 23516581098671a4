package generate

import (
	"slices"
	"testing"

	"github.com/assertgen/assertgen/schema"
)

// TestNames checks what plan's names select: an op or a selector as it is,
// a name that only has overloads as name.*, and an unknown name or a
// pattern as an error.
func TestNames(t *testing.T) {
	s, err := schema.Load("../../../../gen/testdata/small/native_functions.yaml", "", schema.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		names, want []string
		err         string
	}{
		{[]string{"add.Tensor", "reshape"}, []string{"add.Tensor", "reshape"}, ""},
		{[]string{"add", "transpose_"}, []string{"add.*", "transpose_"}, ""},
		{[]string{"add.*", "*"}, []string{"add.*", "*"}, ""},
		{[]string{"ad.Tensor"}, nil, `unknown op "ad.Tensor" in ../../../../gen/testdata/small/native_functions.yaml; did you mean add.Tensor, add_.Tensor?`},
		{[]string{"add*"}, nil, `"add*" is not an op selector (an op name, name.* for its overloads or * for every op): write add.*, add_.* instead`},
	} {
		got, err := Names(s, tc.names)
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if !slices.Equal(got, tc.want) || msg != tc.err {
			t.Errorf("Names(%q) = %q, %q; want %q, %q", tc.names, got, msg, tc.want, tc.err)
		}
	}
}
