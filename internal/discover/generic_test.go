package discover

import (
	"strings"
	"testing"

	"github.com/assertgen/assertgen/kernels"
)

const gpath = "github.com/assertgen/assertgen/internal/discover/testdata/generic/"

func goType(t *testing.T, s string) kernels.GoType {
	t.Helper()
	g, err := kernels.ParseGoTypeIn(s, []string{"T"})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestLoadGeneric: generic kernels are bound like any other, their
// signatures shown with their type parameters.
func TestLoadGeneric(t *testing.T) {
	k, err := Load(".", "./testdata/generic/k")
	if err != nil {
		t.Fatal(err)
	}
	abs := k.Set.Funcs["Abs"]
	if abs == nil {
		t.Fatalf("no kernel Abs among %v", k.Set.Funcs)
	}
	if got, want := abs.Display.String(), "func[E tensor.Float](self *tensor.Tensor[E], alpha E) *tensor.Tensor[E]"; got != want {
		t.Errorf("Abs is %s, want %s", got, want)
	}
}

// TestMatch compares kernels with signatures as Go types: aliases are the
// types they stand for, a generic kernel is instantiated with the
// wrappers' type parameter (whatever its own is named) when its
// constraint allows all of its type set, and every difference is named.
func TestMatch(t *testing.T) {
	k, err := Load(".", "./testdata/generic/k")
	if err != nil {
		t.Fatal(err)
	}
	generic := goType(t, "*"+gpath+"tensor.Tensor[T]")
	float := []kernels.TypeParam{{Name: "T", Constraint: []kernels.Term{{Type: goType(t, gpath+"tensor.Float")}}}}
	union := []kernels.TypeParam{{Name: "T", Constraint: []kernels.Term{{Type: goType(t, "float32")}, {Type: goType(t, "float64")}}}}
	for _, tc := range []struct {
		name, kernel string
		want         kernels.Want
		targs, err   string
	}{
		{name: "two aliases against the instantiation", kernel: "Neg",
			want: kernels.Want{Params: []kernels.GoType{goType(t, "*"+gpath+"tensor.Tensor[float32]")}, Results: []kernels.GoType{goType(t, "*"+gpath+"tensor.Tensor32")}}},
		{name: "generic, its own name for T", kernel: "Abs", targs: "[T]",
			want: kernels.Want{Params: []kernels.GoType{generic, goType(t, "T")}, Results: []kernels.GoType{generic}, TypeParams: float}},
		{name: "generic, the constraint spelled by its terms", kernel: "Abs", targs: "[T]",
			want: kernels.Want{Params: []kernels.GoType{generic, goType(t, "T")}, Results: []kernels.GoType{generic}, TypeParams: union}},
		{name: "generic, one instantiation", kernel: "Abs", targs: "[float64]",
			want: kernels.Want{Params: []kernels.GoType{goType(t, "*"+gpath+"tensor.Tensor[float64]"), goType(t, "float64")}, Results: []kernels.GoType{goType(t, "*"+gpath+"tensor.Tensor[float64]")}}},
		{name: "generic, a list result", kernel: "Split", targs: "[T]",
			want: kernels.Want{Params: []kernels.GoType{generic}, Results: []kernels.GoType{goType(t, "[]*"+gpath+"tensor.Tensor[T]")}, TypeParams: float}},
		{name: "a narrower constraint", kernel: "Narrow", err: "cannot be instantiated with [T]",
			want: kernels.Want{Params: []kernels.GoType{generic}, Results: []kernels.GoType{generic}, TypeParams: float}},
		{name: "a type parameter the signature does not determine", kernel: "Convert", err: "its type parameter U is not determined by its schema's signature",
			want: kernels.Want{Params: []kernels.GoType{generic}, Results: []kernels.GoType{generic}, TypeParams: float}},
		{name: "one instantiation for a generic wrapper", kernel: "Concrete", err: "parameter 1 (self) is *" + gpath + "tensor.Tensor[float32], want *" + gpath + "tensor.Tensor[T]",
			want: kernels.Want{Params: []kernels.GoType{generic}, Results: []kernels.GoType{generic}, TypeParams: float}},
		{name: "a wrong element type", kernel: "Neg", err: "parameter 1 (self) is",
			want: kernels.Want{Params: []kernels.GoType{goType(t, "*"+gpath+"tensor.Tensor[float64]")}, Results: []kernels.GoType{goType(t, "*"+gpath+"tensor.Tensor32")}}},
		{name: "variadic", kernel: "Cat", err: "it is variadic",
			want: kernels.Want{Params: []kernels.GoType{goType(t, "[]*"+gpath+"tensor.Tensor32")}, Results: []kernels.GoType{goType(t, "*"+gpath+"tensor.Tensor32")}}},
	} {
		targs, err := k.Match(k.Set.Funcs[tc.kernel], tc.want)
		got := ""
		if targs != nil {
			got = spellAll(targs)
		}
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.err)
		case tc.err == "" && got != tc.targs:
			t.Errorf("%s: type arguments %q, want %q", tc.name, got, tc.targs)
		}
	}
}

// TestParamIs: a kernel's parameter is compared with a type as Go types,
// through aliases.
func TestParamIs(t *testing.T) {
	k, err := Load(".", "./testdata/generic/k")
	if err != nil {
		t.Fatal(err)
	}
	def := kernels.GoType{Path: kernels.AssertsPath, Name: "Tensor"}
	if !k.ParamIs("Pass", 0, def) || k.ParamIs("Neg", 0, def) || k.ParamIs("Pass", 1, def) || k.ParamIs("Nope", 0, def) {
		t.Errorf("ParamIs: Pass %v, Neg %v, Pass's second %v, Nope %v; want true, false, false, false",
			k.ParamIs("Pass", 0, def), k.ParamIs("Neg", 0, def), k.ParamIs("Pass", 1, def), k.ParamIs("Nope", 0, def))
	}
}

// TestCheckTypesGeneric: a generic tensor type needs its type arguments;
// a type parameter gets the constraint of its place, spelled so that
// another package can write it (an unexported one by its terms), or a
// reason; each instance is checked against it; interfaces are told
// apart.
func TestCheckTypesGeneric(t *testing.T) {
	check := func(tensor string, instances ...string) *TypeReport {
		t.Helper()
		g := goType(t, tensor)
		p := kernels.TypeParam{Name: "T"}
		for _, i := range instances {
			p.Instances = append(p.Instances, goType(t, i))
		}
		var params []kernels.TypeParam
		if len(g.Params()) > 0 {
			params = []kernels.TypeParam{p}
		}
		rep, err := CheckTypes(".", []kernels.GoType{g}, g, params, nil, "")
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	constraint := func(rep *TypeReport) string {
		if len(rep.TypeParams) != 1 {
			return ""
		}
		return rep.TypeParams[0].String()
	}
	if rep := check("*"+gpath+"tensor.Tensor[T]", "float32", "float64"); constraint(rep) != "T tensor.Float" || len(rep.ParamProblems) > 0 || len(rep.Problems) > 0 || rep.LacksUseCounts || rep.LacksIdent {
		t.Errorf("Tensor[T]: %+v", rep)
	}
	if rep := check("*"+gpath+"tensor.Local[T]", "float32"); constraint(rep) != "T ~float32 | ~float64" || len(rep.ParamProblems) > 0 {
		t.Errorf("Local[T]: %+v", rep)
	}
	if rep := check("*"+gpath+"tensor.Odd[T]", "float32"); len(rep.ParamProblems) != 1 || !strings.Contains(rep.ParamProblems[0].Msg, "cannot be written outside package") || !strings.Contains(rep.ParamProblems[0].Msg, "it has methods") {
		t.Errorf("Odd[T]: %+v", rep.ParamProblems)
	}
	if rep := check("*"+gpath+"tensor.Tensor[T]", "int64"); len(rep.ParamProblems) != 1 || rep.ParamProblems[0].Instance != 0 || !strings.Contains(rep.ParamProblems[0].Msg, "int64 does not satisfy the constraint of T") {
		t.Errorf("an instance outside the constraint: %+v", rep.ParamProblems)
	}
	for tensor, want := range map[string]string{
		"*" + gpath + "tensor.Tensor":                           "is generic (type parameters T): write " + gpath + "tensor.Tensor[T] with T under type_params:",
		"*" + gpath + "tensor.Tensor[int64]":                    "int64 does not satisfy",
		"*" + gpath + "tensor.Counted[float32]":                 "is not a generic type",
		"*" + gpath + "tensor.Tensor[" + gpath + "tensor.Nope]": "no type Nope in " + gpath + "tensor",
	} {
		if rep := check(tensor); !strings.Contains(rep.Problems[goType(t, tensor).String()], want) {
			t.Errorf("%s: problems %v, want %q", tensor, rep.Problems, want)
		}
	}
	if rep := check(gpath + "tensor.Counted"); !rep.Interfaces[gpath+"tensor.Counted"] || rep.LacksIdent || rep.LacksUseCounts {
		t.Errorf("Counted: %+v", rep)
	}
	if rep := check(gpath + "tensor.Bare"); !rep.Interfaces[gpath+"tensor.Bare"] || !rep.LacksIdent || !rep.LacksUseCounts {
		t.Errorf("Bare: %+v", rep)
	}
}
