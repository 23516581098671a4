package sweep

import (
	"fmt"
	"slices"
	"strings"
)

// Capabilities are the kinds of tensor a runtime has: a [Runtime] that
// says so ([Capable]) gets no variant whose template asks for another
// kind. Such a variant is not a sample the runtime turned away: the
// report counts it apart ([Report].NotGenerated, 'x' in Tried, one line
// of the summary), and the share of samples the runtime cannot make is
// of the samples it could have. The zero value has what every runtime
// has: strided tensors of any dtype, without a layout, a bit,
// autograd or named dims.
type Capabilities struct {
	// Layouts are the non-strided layouts the runtime has ([SparseCOO],
	// ..., [Mkldnn]); strided it always has.
	Layouts []string
	// Bits: the lazy conjugate and negative bits (Spec.Conj, Spec.Neg).
	Bits bool
	// Autograd: tensors that require grad and views of them
	// (Spec.RequiresGrad, Spec.NonLeafView).
	Autograd bool
	// NamedDims: tensors with named dims (Spec.Named).
	NamedDims bool
	// Dtypes are the element types the runtime has, by [Spec].Dtype's
	// names; nil: every one. A runtime that moves a sample of another
	// dtype to its own (a *DtypeError, a repair) leaves it nil: those
	// samples then run.
	Dtypes []string
	// GoInt: tensors of Go's int besides int64 ([Spec].GoInt), such as
	// gorgonia's tensor.Int. The probe "Go int" runs only for a runtime
	// that says it has them; for another it is not generated.
	GoInt bool
}

// A Capable runtime says which kinds of tensor it has (a Go library
// without PyTorch's tensor model has no sparse layout, no conj bit, no
// autograd). A runtime without the method is taken to have every kind,
// and a sample of a kind it lacks counts as one it cannot make.
type Capable interface {
	Capabilities() Capabilities
}

// notGenerated is the code in [Report].Tried of a variant not generated:
// its template asks for a kind of tensor the runtime does not have.
const notGenerated = 'x'

// lacks returns why a runtime of capabilities c cannot have a tensor of
// sp ("no sparse_coo layout", "no autograd"), "" when it can.
func (c *Capabilities) lacks(sp Spec) string {
	switch {
	case sp.Layout != "" && !slices.Contains(c.Layouts, sp.Layout):
		return fmt.Sprintf("no %s layout", sp.Layout)
	case (sp.Conj || sp.Neg) && !c.Bits:
		return "no conj or neg bit"
	case (sp.RequiresGrad || sp.NonLeafView) && !c.Autograd:
		return "no autograd"
	case sp.Named && !c.NamedDims:
		return "no named dims"
	case c.Dtypes != nil && !slices.Contains(c.Dtypes, sp.Dtype):
		return fmt.Sprintf("no %s dtype", sp.Dtype)
	}
	return ""
}

// notGeneratedOf returns, per variant of the first n, why rt does not
// have its template's tensor ("" for the variants generated); nil when
// rt does not say what it has (every variant is generated).
func notGeneratedOf(rt Runtime, n int) []string {
	c, ok := rt.(Capable)
	if !ok {
		return nil
	}
	caps := c.Capabilities()
	why := make([]string, n)
	for v := range n {
		why[v] = caps.lacks(Variants[v].Tensor)
	}
	return why
}

// writeNotGenerated prints, in one line, the variants not generated and
// why, by reason in the variants' order.
func (r *Report) writeNotGenerated(b *strings.Builder) {
	if len(r.NotGenerated) == 0 {
		return
	}
	var reasons []string
	byReason := map[string][]string{}
	for _, v := range sortedInts(r.NotGenerated) {
		why := r.NotGenerated[v]
		if byReason[why] == nil {
			reasons = append(reasons, why)
		}
		byReason[why] = append(byReason[why], fmt.Sprint(v))
	}
	parts := make([]string, len(reasons))
	for i, why := range reasons {
		parts[i] = fmt.Sprintf("%s (%s)", why, strings.Join(byReason[why], ", "))
	}
	fmt.Fprintf(b, "not generated: %d variants (%d samples), of tensors the runtime does not have (its Capabilities): %s\n",
		len(r.NotGenerated), r.NotGeneratedSamples, strings.Join(parts, "; "))
}

func sortedInts[V any](m map[int]V) []int {
	ks := make([]int, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}
