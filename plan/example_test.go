package plan_test

import (
	"fmt"
	"os"

	"github.com/assertgen/assertgen/allowlist"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

func ExampleBuild() {
	s, _ := schema.Embedded("1.13")
	p, _ := plan.Build(s, plan.Strict)
	for _, op := range p.Ops {
		if op.Name != "transpose.int" {
			continue
		}
		for _, c := range op.Checks {
			switch {
			case c.Ret != nil && c.Arg != "":
				fmt.Printf("%s(return %d, %s)\n", c.Name, *c.Ret, c.Arg)
			case c.Ret != nil:
				fmt.Printf("%s(return %d)\n", c.Name, *c.Ret)
			default:
				fmt.Printf("%s(%s)\n", c.Name, c.Arg)
			}
		}
	}
	// Output:
	// same_impl(self)
	// same_storage(self)
	// no_mutation(self)
	// same_content(self)
	// same_metadata(self)
	// binding_context(self)
	// impl_use_count_le_1(return 0)
	// not_arg_handle(return 0, self)
	// shares_storage(return 0, self)
	// view_holds_storage(return 0, self)
}

func ExampleBuild_pytorch() {
	s, _ := schema.Embedded("1.13")
	p, _ := plan.Build(s, plan.PyTorch)
	for _, op := range p.Ops {
		if op.Name == "reshape" {
			fmt.Println(len(op.Checks), "checks")
			fmt.Println(op.Skipped[0].Name, op.Skipped[0].Reason)
		}
	}
	// Output:
	// 0 checks
	// same_storage no VariableType kernel: the op is CompositeImplicitAutograd only and derivatives.yaml has no entry for it
}

func ExampleBuildWith() {
	s, _ := schema.Embedded("1.13")
	mine, err := allowlist.Parse("mine.yaml", []byte(`
skip_impl_use_count:
  - op: dequantize.self
    profiles: [strict]
    reason: our dequantize returns a float input as it is
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	defaults, _ := allowlist.Defaults()
	list := allowlist.Merge(defaults, mine)
	if err := list.Lint(s); err != nil {
		fmt.Println(err)
		return
	}
	p, _ := plan.BuildWith(s, plan.Options{Profile: plan.Strict, Allowlist: list})
	for _, op := range p.Ops {
		if op.Name == "dequantize.self" {
			for _, sk := range op.Skipped {
				fmt.Printf("%s ret %d: %s (%s)\n", sk.Name, *sk.Ret, sk.Reason, sk.Source)
			}
		}
	}
	// Output:
	// impl_use_count_le_1 ret 0: our dequantize returns a float input as it is (mine.yaml:3)
	// not_arg_handle ret 0: our dequantize returns a float input as it is (mine.yaml:3)
	// storage_use_count_eq_1 ret 0: the kernel may return an input as it is, or share a buffer something else keeps, so the returned storage can have other owners (PyTorch issue 60426) (defaults.yaml:71)
	// fresh_no_alias ret 0: the kernel may return an input as it is, or share a buffer something else keeps, so the returned storage can have other owners (PyTorch issue 60426) (defaults.yaml:71)
}

func ExampleExplain() {
	s, _ := schema.Embedded("1.13")
	if err := plan.Explain(os.Stdout, s, "contiguous", plan.Options{Profile: plan.Strict}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// contiguous(Tensor(a) self, *, MemoryFormat memory_format=contiguous_format) -> Tensor(a)
	//   profile:   strict (PyTorch 1.13 lists)
	//   kind:      functional (returns new outputs, writes no argument)
	//   view op:   yes (a return aliases an argument without writing it)
	//   defined:   pytorch-1.13.1/native_functions.yaml:1449:9
	//   kernels:   CompositeImplicitAutograd (a decomposition into other ops)
	// returns:
	//   0 Tensor(a): self, a view of it, or fresh: the return is annotated as aliasing self (a), but the op's only kernel is CompositeImplicitAutograd, a decomposition that may return a view or a copy
	// checks (7):
	//   same_impl        self            after the call, self is still the same TensorImpl
	//   same_storage     self            self keeps its StorageImpl (the contents and size may change, the storage object may not)
	//   no_mutation      self            self is not written (its version counter is unchanged)
	//   same_content     self            the bytes self can reach are unchanged, even by writes that bump no version counter (opt-in, O(bytes): on with ASSERTGEN_CONTENT=on or a list of ops, or asserts.SetContentCheck; off, it counts as skipped under content_check_off)
	//   same_metadata    self            the sizes, strides and storage offset of self are unchanged (a view made by rewriting the input in place); runtimes without asserts.Metadata skip it under no_metadata_access
	//   binding_context  self            in a hermetic context, the storage of self carries no binding made outside it, and the kernel binds none (checked before and after the call)
	//   fresh_or_alias   return 0, self  return 0 is self itself, a view of it, or a fresh tensor
	// skipped (0):
	//   none
}

func ExampleGoName() {
	for _, s := range []string{"add.Tensor", "add_.Tensor", "add.out", "_cast_Byte", "__iand__.Tensor", "sum.dim_IntList"} {
		n, _ := schema.ParseOperatorName(s)
		fmt.Println(s, "->", plan.GoName(n))
	}
	// Output:
	// add.Tensor -> AddTensor
	// add_.Tensor -> Add_Tensor
	// add.out -> AddOut
	// _cast_Byte -> XCastByte
	// __iand__.Tensor -> DunderIandTensor
	// sum.dim_IntList -> SumDimIntList
}

// LintSkips refuses a user skip entry that excuses nothing: neg writes
// nothing, so it has no returns_arg row to skip.
func ExampleLintSkips() {
	s, _ := schema.Embedded("2.14")
	defaults, _ := allowlist.Defaults()
	mine, _ := allowlist.Parse("mine.yaml", []byte("skip:\n  - {op: neg, check: returns_arg, reason: r}\n  - {op: neg, check: same_impl, arg: self, reason: r}\n"))
	err := plan.LintSkips(s, plan.Options{Allowlist: allowlist.Merge(defaults, mine)})
	fmt.Println(err)
	// Output:
	// mine.yaml:2:22: skip: no effect: neg has no returns_arg check
}
