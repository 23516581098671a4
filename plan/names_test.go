package plan

import (
	"testing"

	"github.com/assertgen/assertgen/schema"
)

func TestGoName(t *testing.T) {
	tests := []struct{ op, want string }{
		{"add.Tensor", "AddTensor"},
		{"add_.Tensor", "Add_Tensor"},
		{"add.out", "AddOut"},
		{"add", "Add"},
		{"add_", "Add_"},
		{"_cast_Byte", "XCastByte"},
		{"__and__.Tensor", "DunderAndTensor"},
		{"__iand__.Tensor", "DunderIandTensor"},
		{"__lshift__.Scalar", "DunderLshiftScalar"},
		{"_fused_moving_avg_obs_fq_helper_functional", "XFusedMovingAvgObsFqHelperFunctional"},
		{"sum.dim_IntList", "SumDimIntList"},
		{"set_.source_Storage_storage_offset", "Set_SourceStorageStorageOffset"},
		{"_foreach_add_.List", "XForeachAdd_List"},
		{"special_xlog1py.self_scalar", "SpecialXlog1pySelfScalar"},
		{"foo__bar", "Foo_Bar"},
		{"__foo", "XXFoo"},
		{"linalg_vector_norm.out", "LinalgVectorNormOut"},
	}
	for _, tt := range tests {
		n, err := schema.ParseOperatorName(tt.op)
		if err != nil {
			t.Fatal(err)
		}
		if got := GoName(n); got != tt.want {
			t.Errorf("GoName(%s) = %s, want %s", tt.op, got, tt.want)
		}
	}
}

// TestGoNamesPyTorchCollisionFree checks the rule over every op of each
// embedded PyTorch release, autogen'd ones included.
func TestGoNamesPyTorchCollisionFree(t *testing.T) {
	for _, tc := range []struct {
		version string
		ops     int
	}{{"1.13", 2952}, {"2.6", 3144}, {"2.14", 3103}} {
		s, err := schema.Embedded(tc.version)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]string{}
		for _, o := range s.Ops {
			g := GoName(o.Func.Name)
			if other, dup := seen[g]; dup {
				t.Errorf("%s: %s and %s both map to %s", tc.version, other, o.Name, g)
			}
			seen[g] = o.Name
		}
		if len(seen) != tc.ops {
			t.Errorf("%s: %d names, want %d", tc.version, len(seen), tc.ops)
		}
	}
}

func TestAssignGoNames(t *testing.T) {
	var names []schema.OperatorName
	for _, s := range []string{"_foo", "x_foo", "xFoo", "add_.bar", "add__bar"} {
		n, err := schema.ParseOperatorName(s)
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, n)
	}
	got := AssignGoNames(names)
	want := []string{"XFoo", "XFoo_2", "XFoo_3", "Add_Bar", "Add_Bar_2"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("AssignGoNames: %v, want %v", got, want)
			break
		}
	}
}

func TestParamName(t *testing.T) {
	for in, want := range map[string]string{"self": "self", "type": "type_", "len": "len_", "range": "range_", "asserts": "asserts_", "dim": "dim"} {
		if got := ParamName(in); got != want {
			t.Errorf("ParamName(%s) = %s, want %s", in, got, want)
		}
	}
}
