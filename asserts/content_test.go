package asserts_test

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/internal/engine"
)

func TestContentSwitch(t *testing.T) {
	defer asserts.SetContentCheck(asserts.SetContentCheck(false))
	add, addOut, mul := &engine.Op{Name: "add", Overload: "Tensor"}, &engine.Op{Name: "add", Overload: "out"}, &engine.Op{Name: "mul", Overload: "Tensor"}
	for _, tc := range []struct {
		env           string
		add, out, mul bool
	}{
		{"", false, false, false},
		{"off", false, false, false},
		{"0", false, false, false},
		{"on", true, true, true},
		{"1", true, true, true},
		{"all", true, true, true},
		{"add.Tensor", true, false, false},
		{" add.Tensor , mul.Tensor ", true, false, true},
		{"add", true, true, false},
		{"rrelu_with_noise_", false, false, false},
	} {
		asserts.SetContentCheckFrom(tc.env)
		if got := [3]bool{engine.ContentCheck(add), engine.ContentCheck(addOut), engine.ContentCheck(mul)}; got != [3]bool{tc.add, tc.out, tc.mul} {
			t.Errorf("ASSERTGEN_CONTENT=%q: add.Tensor, add.out, mul.Tensor switched %v", tc.env, got)
		}
	}
	asserts.SetContentCheckOps("add.Tensor")
	if prev := asserts.SetContentCheck(true); prev {
		t.Error("SetContentCheck reported on-for-all while only one op was on")
	}
	if prev := asserts.SetContentCheck(false); !prev {
		t.Error("SetContentCheck did not report the previous on")
	}
}
