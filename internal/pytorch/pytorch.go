// Package pytorch is assertgen's one table of PyTorch releases. For each
// release it ships data for, it holds:
//   - the embedded files, byte for byte: native_functions.yaml and
//     tags.yaml from aten/src/ATen/native/, and derivatives.yaml from
//     tools/autograd/, with the release's LICENSE (BSD-3-Clause);
//   - how torchgen reads the yaml ([Torchgen], read by package schema);
//   - what the autograd codegen does with it ([Autograd], read by package
//     plan).
//
// Every rule that differs between the releases is data here. No package
// asks for a version number: each reads the fields of the release it was
// given.
//
// Adding a release is one entry of [Releases], its directory of files here
// (named after the version), and its reference data under
// testdata/reference/. docs/schema.md, "Releases", walks through it.
package pytorch

import (
	"embed"
	"fmt"
	"strings"

	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/checktable"
)

// A Release is one PyTorch release: its files and its rules.
type Release struct {
	// Version is the release, "2.14.1". Series is its shorter name,
	// "2.14": what -pytorch-version, gen's pytorch_version and the
	// allowlist's versions: take.
	Version, Series string

	// The files of the release (filled in from the directory named
	// Version), and the names messages give them
	// ("pytorch-2.14.1/native_functions.yaml").
	NativeFunctions, Tags, Derivatives             []byte
	NativeFunctionsPath, TagsPath, DerivativesPath string
	// License is the release's LICENSE (BSD-3-Clause), which the files
	// are distributed under: it travels with them in the binary.
	License []byte

	Torchgen Torchgen
	Autograd Autograd
}

func (r *Release) String() string { return "PyTorch " + r.Version }

// Torchgen is what torchgen of one release accepts in native_functions.yaml
// and tags.yaml, and how it classifies and expands the ops. Each field
// names its source in the release's tree: torchgen/model.py,
// torchgen/gen.py or torchgen/native_function_generation.py. "1.13 L185"
// is a line of release 1.13.1's file, "2.6 L242" of 2.6.0's and "2.14
// L296" of 2.14.1's.
type Torchgen struct {
	// DispatchKeys are the keys accepted in dispatch: (model.py
	// dispatch_keys; 1.13 L210, 2.6 L277, 2.14 L296).
	DispatchKeys []string
	// EnumKeys are the members of the DispatchKey enum (model.py class
	// DispatchKey; 1.13 L63, 2.6 L83, 2.14 L100): names torchgen parses.
	// One not in DispatchKeys is "not a supported dispatch key"; a name in
	// neither list is an unknown dispatch key.
	EnumKeys []string
	// KernelNamespaces is how many namespace levels a dispatch: kernel
	// name may have; "at::native::k" has two. Source: model.py from_yaml's
	// NamespaceHelper max_level (1.13 L650: two; 2.6 L757, 2.14 L816:
	// three).
	KernelNamespaces int
	// StructuredKeys are the keys a structured_delegate op may not have a
	// kernel for (model.py STRUCTURED_DISPATCH_KEYS: 1.13 L206, 2.6 L268,
	// 2.14 L286).
	StructuredKeys []string

	// TagsList tells how tags: is read (model.py NativeFunction.from_yaml;
	// 1.13 L611, 2.6 L705, 2.14 L749). False: a string of tags separated
	// by ", " (1.13). True: a YAML list of tags, or a string that is one
	// tag (2.6 on).
	TagsList bool
	// ImpliedTags are added to every op of namespace aten when tags.yaml
	// defines them (2.6 L711, 2.14 L756: pt2_compliant_tag).
	ImpliedTags []string
	// KindTags: when tags.yaml defines the tags out and inplace, an op
	// with out arguments gets out, and an op whose base name is in-place
	// gets inplace (model.py from_yaml, 2.14 L760, L764). An op autogen
	// makes gets them whatever tags.yaml says
	// (native_function_generation.py, 2.14 L348-351).
	KindTags bool
	// ConstRefNoOut: use_const_ref_for_mutable_tensors: True is refused
	// on an op with out arguments (model.py from_yaml, 2.14 L662).
	ConstRefNoOut bool
	// GoneBaseTypes are base types of the schema language that this
	// release's torchgen does not have, though older releases do
	// (model.py class BaseTy: 2.14 L2042 has no Dimname).
	GoneBaseTypes []string

	// NotViewOps are op names the inplace_view tag does not make view ops
	// (model.py is_view_op). 1.13 L939 lists resize_; 2.6 L1064 and 2.14
	// L1142 list resize_ and resize_as_.
	NotViewOps []string
	// InplaceViewNamingExempt are op names, and InplaceViewNamingExemptBases
	// base names, exempt from a naming rule. The rule: an inplace_view op
	// ends in '_', and has an out-of-place op of the same base name.
	// Source: gen.py error_check_native_functions (1.13 L255, 2.6 L319,
	// 2.14 L327).
	InplaceViewNamingExempt      []string
	InplaceViewNamingExemptBases []string

	// ReservedArgNames are argument names torchgen rejects: Python's
	// keyword.kwlist (gen.py: 2.6 L298, 2.14 L307). ReservedArgExceptions
	// lists the (op, argument) pairs it accepts all the same, as
	// "op.overload argument".
	ReservedArgNames      []string
	ReservedArgExceptions []string
	// DropoutArgSeeded: an argument name containing "dropout" also makes
	// an op need the nondeterministic_seeded tag (model.py: 2.6 L1031,
	// 2.14 L1116). 1.13 L925 looks at the op name only.
	DropoutArgSeeded bool

	// Autogen (native_function_generation.py add_generated_native_functions;
	// 1.13 L363, 2.6 L383, 2.14 L395).
	//
	// AutogenViewExemptBases are base names whose view ops do not keep
	// their group from autogen (2.6 L410, 2.14 L423: set_).
	AutogenViewExemptBases []string
	// AutogenCoreTag, when set, is the tag that makes a group that is all
	// CompositeImplicitAutograd get its variants anyway: core (2.6 L396,
	// L420; 2.14 L408).
	AutogenCoreTag string
	// AutogenBaseOrder is the precedence of the variant the others are
	// generated from, as kind names. 1.13 L426: inplace, mutable, out,
	// functional; 2.6 L450 and 2.14 L462 put mutable first.
	AutogenBaseOrder []string
	// GeneratedTags are the tags a generated op inherits from its source,
	// besides generated (1.13 L348, 2.6 L337, 2.14 L345).
	GeneratedTags []string
	// The exception lists of native_function_generation.py (1.13 L31-85,
	// 2.6 L38-103, 2.14 L38-105).
	OutOpsNotGrouped        []string
	MutableOpsWithoutOut    []string
	FunctionalOpsWithoutOut []string
	InplaceOpsNotGrouped    []string
}

// Autograd is what the autograd codegen of one release does that the
// pytorch profile reproduces (tools/autograd and torchgen/api/autograd.py).
// It holds what is code in PyTorch. The codegen's lists, such as the view
// table and the skip lists, are entries of the built-in allowlist instead
// (allowlist/defaults.yaml), limited by versions: to the releases that
// have them.
type Autograd struct {
	// ForeachBorrow: a _foreach_ op with no derivatives.yaml entry of its
	// own borrows the entry of its non-foreach reference op. That is the
	// op of the same base name whose arguments are the foreach op's or
	// their elements. The matching's functional-variant step skips
	// _foreach_ ops. Source: torchgen/api/autograd.py,
	// match_differentiability_info steps 2 and 4,
	// is_reference_for_foreach and gen_foreach_derivativeinfo.
	ForeachBorrow bool
	// ForeachInplaceRef lists the foreach ops that may borrow from an
	// in-place reference (_foreach_with_inplace_ref).
	ForeachInplaceRef []string
	// ForeachSkipArgLen lists the foreach ops whose reference may have
	// more arguments (_skip_argument_len_check: no alpha).
	ForeachSkipArgLen []string
	// DerivativesViewCopies: a derivatives.yaml entry may name a view_copy
	// op (2.14's narrow_copy). That explicit entry beats the one the op
	// gets from its view's. Source: load_derivatives.py. load_derivatives
	// looks entries up among the ops with the view_copy ops,
	// functions(include_copy=True) (2.6 L118, 2.14 L124); 1.13 L111 leaves
	// them out. Then add_view_copy_derivatives keeps the explicit entry
	// ("prefer manually-defined derivatives", 2.6 L93, 2.14 L97).
	DerivativesViewCopies bool
	// Policy is the asserts skip policy whose skips are this release's
	// guards. Generated wrappers of a pytorch plan for the release run
	// under it. The plan reads the release's guards from it: its rules and
	// checks.Policy.Guards. The policies differ in the view check
	// (shares_storage):
	//   - checks.PyTorch (2.x) also skips it when the return has the
	//     Python dispatch key, besides the viewed argument
	//     (gen_variable_type.py: the SAVE/ENFORCE_SAME_TENSOR_STORAGE
	//     templates and check_tensorimpl_and_storage);
	//   - checks.PyTorch113 (1.13) guards it by the argument only.
	Policy checks.Policy
	// ExpectedFreshUseCount is the form of the assert on the TensorImpl
	// use count of a fresh or view return (gen_variable_type.py's
	// ENFORCE_TENSOR_IMPL_USE_COUNT template):
	//   - false: use_count() <= 1 (1.13 L464, 2.6 L494);
	//   - true, from 2.14: use_count() == expected_fresh_use_count(t)
	//     (2.14 L503-508). expected_fresh_use_count is 0 for an undefined
	//     tensor, 2 when it has a PyObject and 1 otherwise
	//     (templates/VariableType.cpp L50-61).
	//
	// [Autograd.FreshImplCheck()] is the check of each form. Both
	// profiles plan it (docs/plan.md).
	ExpectedFreshUseCount bool
	// Source says where the rules above were read.
	Source string
}

// files holds every release's directory; a release's files are found by
// its Version.
//
//go:embed */native_functions.yaml */tags.yaml */derivatives.yaml */LICENSE
var files embed.FS

func init() {
	for _, r := range Releases {
		read := func(name string) ([]byte, string) {
			b, err := files.ReadFile(r.Version + "/" + name)
			if err != nil {
				panic("internal/pytorch: release " + r.Version + ": " + err.Error())
			}
			return b, "pytorch-" + r.Version + "/" + name
		}
		r.NativeFunctions, r.NativeFunctionsPath = read("native_functions.yaml")
		r.Tags, r.TagsPath = read("tags.yaml")
		r.Derivatives, r.DerivativesPath = read("derivatives.yaml")
		r.License, _ = read("LICENSE")
	}
}

// Newest returns the newest release: its rules and files apply when no
// release is selected.
func Newest() *Release { return Releases[len(Releases)-1] }

// Lookup returns the release a version names: its series ("2.14") or the
// release itself ("2.14.1"); "" names the newest. Any other version is an
// error that names the releases assertgen has.
func Lookup(version string) (*Release, error) {
	if version == "" {
		return Newest(), nil
	}
	for _, r := range Releases {
		if version == r.Version || version == r.Series {
			return r, nil
		}
	}
	return nil, fmt.Errorf("unknown PyTorch version %q: assertgen has the rules and data of %s", version, List())
}

// List names the releases with their series: "PyTorch 1.13.1 (1.13),
// PyTorch 2.6.0 (2.6) and PyTorch 2.14.1 (2.14)".
func List() string {
	var b strings.Builder
	for i, r := range Releases {
		switch {
		case i == 0:
		case i == len(Releases)-1:
			b.WriteString(" and ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(r.String() + " (" + r.Series + ")")
	}
	return b.String()
}

// FreshImplCheck is the check on the TensorImpl use count of a fresh or
// view return that the release asserts (see ExpectedFreshUseCount):
// impl_use_count_le_1, or impl_use_count_eq_fresh from 2.14.
func (a Autograd) FreshImplCheck() checks.Check {
	return checktable.FreshImplCheck(a.ExpectedFreshUseCount)
}
