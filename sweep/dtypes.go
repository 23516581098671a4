package sweep

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/assertgen/assertgen/asserts"
)

// A dtype the library refuses where another ran. An op that ran on one
// sample is reached, and a refusal of its other samples is the kernel's
// answer to them: most are (a shape the library lacks, an argument it
// does not take). But a kernel that runs a sample in float32 and refuses
// the very same sample in float64, a dtype the runtime made, fails where
// it should not (an ONNX runtime's Gemm, which declares float64 and
// refuses it), and a sweep that said nothing would pass it green. So when
// a variant of a float dtype is refused after the op's base sample ran in
// another, the base sample is called once more with its float tensors
// moved to the refused one's dtype: a refusal there is reported, with the
// library's error ([Report].DtypeRefused).

// floatHole calls base (the op's base sample, which ran) with its float
// tensors moved to the float dtype of refused (a variant's sample, as it
// was refused), once, in op i's step v; it returns the refusal when that
// call is refused, nil when it runs, crashes, cannot be made, or there
// is no other float dtype to try.
func (d *driver) floatHole(i, v int, base, refused *Sample) *Refusal {
	to := floatDtype(refused)
	var ks []int
	for _, k := range base.tensors() {
		if dt := base.Specs[k].Dtype; isFloating(dt) && dt != to {
			ks = append(ks, k)
		}
	}
	if to == "" || len(ks) == 0 {
		return nil
	}
	from := base.Specs[ks[0]].Dtype
	s := base.clone()
	if !s.setDtype(ks, to) {
		return nil
	}
	f := reflect.ValueOf(d.es[i].Fn)
	var err error
	if ce := d.onCall(i, v, kindStep, func() { asserts.Collect(func() { err = Call(d.rt, f, s) }) }); ce != nil || err == nil || isCrash(err) {
		return nil
	}
	res := &result{}
	if res.setErr(d.rt, err); res.Err != "error" {
		return nil
	}
	return &Refusal{Op: d.es[i].Name, Count: 1, Dtype: to, Ran: from, Variant: Variants[base.Variant].Name, Sample: s.Describe(), Repairs: s.Repairs, Error: res.Text}
}

// floatDtype is the dtype of the first float tensor of s ("": none).
func floatDtype(s *Sample) string {
	for _, k := range s.tensors() {
		if dt := s.Specs[k].Dtype; isFloating(dt) {
			return dt
		}
	}
	return ""
}

// dtypeRefusalKey is the key of a refusal of op on dtype dt ("addmm
// refused float64"): [Refusal.Key]'s when its Dtype is set.
func dtypeRefusalKey(op, dt string) string { return RefusalKey(op) + " " + dt }

// dtypeString says what a refusal of a dtype refused, on which sample,
// and why.
func (r *Refusal) dtypeString() string {
	if r.Probe != "" {
		return fmt.Sprintf("%s where %s ran: no variant ran, the probe %s did, of %s, refused as %s: %s: %s", r.Key(), r.Ran, r.Probe, r.Variant, r.Dtype, r.Sample, r.Error)
	}
	return fmt.Sprintf("%s where %s ran: the base sample, %s, refused as %s: %s: %s", r.Key(), r.Ran, r.Variant, r.Dtype, r.Sample, r.Error)
}

// sortRefusals puts refusals in the order of their ops (at: op to its
// index in the table).
func sortRefusals(rs []*Refusal, at map[string]int) {
	slices.SortStableFunc(rs, func(a, b *Refusal) int { return at[a.Op] - at[b.Op] })
}
