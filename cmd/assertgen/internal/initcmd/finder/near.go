package finder

import (
	"fmt"
	"slices"
	"strings"

	"github.com/assertgen/assertgen/internal/refvalues"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// aliases are PyTorch's ops for the names tensor libraries give them
// (ONNX's operators first): a kernel of one of these names that no op
// fits is said to be near them. They name ops in a message, never bind.
var aliases = map[string][]string{
	"and": {"logical_and"}, "or": {"logical_or"}, "xor": {"logical_xor"}, "not": {"logical_not"},
	"cast": {"to.dtype", "_to_copy"}, "gemm": {"addmm"}, "clip": {"clamp"},
	"equal": {"eq.Tensor", "eq.Scalar"}, "greater": {"gt.Tensor", "gt.Scalar"}, "less": {"lt.Tensor", "lt.Scalar"},
	"greater_or_equal": {"ge.Tensor", "ge.Scalar"}, "less_or_equal": {"le.Tensor", "le.Scalar"},
	"transpose": {"permute", "transpose.int"}, "gather": {"index_select", "gather"}, "concat": {"cat"},
	"reduce_sum": {"sum.dim_IntList"}, "reduce_mean": {"mean.dim"}, "reduce_max": {"amax"}, "reduce_min": {"amin"},
	"arg_max": {"argmax"}, "arg_min": {"argmin"}, "where": {"where.self"}, "identity": {"clone"},
	"flatten": {"flatten.using_ints"}, "p_relu": {"prelu"}, "leaky_relu": {"leaky_relu"}, "reshape": {"reshape"},
	"unsqueeze": {"unsqueeze"}, "squeeze": {"squeeze.dims", "squeeze"}, "expand": {"expand"}, "slice": {"slice.Tensor"},
	"softmax": {"softmax.int"}, "log_softmax": {"log_softmax.int"},
}

// nearOps are the functional ops of s a callable of these words may be,
// by PyTorch's name for a library's (aliases), else by a name one typo
// away (schema.Near); at most three.
func nearOps(ws []string, s *schema.Schema) []string {
	name := strings.Join(ws, "_")
	var out []string
	for _, o := range aliases[name] {
		if s.Op(o) != nil {
			out = append(out, o)
		}
	}
	if len(out) == 0 {
		var names []string
		for _, o := range s.Ops {
			if o.Kind == schema.Functional {
				names = append(names, o.Name)
			}
		}
		out = schema.Near(name, names)
	}
	return out[:min(len(out), 3)]
}

// handLines are the bind: entries that bind the callable to the ops by
// hand, for a config that includes init's: the kernel called with the
// op's parameters, for the user to fit to its own. They are for a
// function of a kernel package; nil for others.
func handLines(c *Callable, ops []string, s *schema.Schema) []string {
	if c.Pkg == nil || c.Recv != nil || c.Method {
		return nil
	}
	var out []string
	for _, name := range ops {
		o := s.Op(name)
		if o == nil || o.Kind != schema.Functional {
			continue
		}
		var args []string
		for _, a := range append(slices.Clone(o.Func.Positional), o.Func.KwargOnly...) {
			args = append(args, plan.ParamName(a.Name))
		}
		out = append(out, fmt.Sprintf("%s: %q", name, c.Pkg.Name()+"."+c.GoName+"("+strings.Join(args, ", ")+")"))
	}
	return out
}

// handWhy is what a rejection says of ops init cannot check: why (the
// reference has no values for them, or its cases take tensors init does
// not make of the library's type: unmade, OpsOf), and the lines to bind
// the callable by hand.
func handWhy(c *Callable, ops []string, s *schema.Schema, unmade map[string]string) string {
	why := "assertgen's reference has no values for them, so init cannot check a binding"
	var whys []string
	for _, o := range ops {
		if w := unmade[o]; w != "" {
			whys = append(whys, o+": "+w)
		}
	}
	switch {
	case len(whys) > 0:
		why = "init cannot check a binding: " + strings.Join(whys, "; ")
	case slices.ContainsFunc(ops, func(o string) bool { return refvalues.Lookup(o) != nil }):
		why = "init's value check passes no argument of their types (assertgen's reference has their values), so init cannot check a binding"
	}
	lines := handLines(c, ops, s)
	if len(lines) == 0 {
		return why + ": bind it by hand in a config that includes init's (docs/guide.md)"
	}
	return why + ": bind it by hand in a config that includes init's (docs/guide.md), under bind:, fitting the call to its parameters: " + strings.Join(lines, "; ")
}
