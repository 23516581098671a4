package sweep

import (
	"fmt"
	mbits "math/bits"
	"slices"
	"strings"
)

// What a sample is made of, for a cause's trigger (causes.go): a set of
// features (a zero-size dim, a 0-dim tensor, Go int, a transposed view,
// a dtype, a value the probes give), one bit each. A finding's or a
// crash's trigger is what all its samples have and none of its op's
// samples that ran without it has.

// The features of a sample, in the order a trigger names them.
const (
	// featKnown is set in every feature set made from a sample: 0 is a
	// step whose sample is not known (a crash in a worker that died
	// before it told the step). The lowest bit, so that a step's result
	// carries a short number.
	featKnown      = iota
	featEmpty                                   // a tensor with a dim of size 0
	featZeroDim                                 // a 0-dim tensor
	featGoInt                                   // a tensor of Go's int (the probe Go int)
	featTransposed                              // a transposed view
	featView                                    // a view selected from another argument
	featSame                                    // one tensor passed as two arguments
	featStrided                                 // a strided view at an offset (the fuzz target's)
	featSize1                                   // a dim of size 1
	featRank1                                   // a 1-d tensor
	featRank3                                   // a tensor of 3 or more dims
	featLayout                                  // a layout other than strided
	featBits                                    // a conj or neg bit
	featGrad                                    // autograd: a leaf that requires grad, or a view of one
	featNamed                                   // named dims
	featFills                                   // zeros, ones, negatives, mixed signs (probeFills' order)
	featDtypes     = featFills + 4              // the dtypes of featDtypeNames, in their order
	featProbes     = featDtypes + numFeatDtypes // the probes of argProbes and probeFeatures, in their order
)

// numFeatDtypes is how many dtypes have a feature bit: those of
// featDtypeNames.
const numFeatDtypes = 16

// featDtypeNames are the dtypes with a feature bit (and a bit of
// Report.dtypesRan), in their order: the first of dtypeNames.
var featDtypeNames = dtypeNames[:numFeatDtypes]

// dtypesIn names the dtypes of the set bits of a Report.dtypesRan, in
// featDtypeNames' order.
func dtypesIn(bits uint64) []string {
	var out []string
	for i, d := range featDtypeNames {
		if bits&(1<<i) != 0 {
			out = append(out, d)
		}
	}
	return out
}

// featureNames name the features a trigger lists, by bit.
var featureNames = func() []string {
	names := []string{"", "a zero-size dim", "a 0-dim tensor", "Go int", "a transposed view", "a view of another argument",
		"one tensor passed as two arguments", "a strided view", "a dim of size 1", "a 1-d tensor", "3 or more dims",
		"a layout not strided", "a conj or neg bit", "autograd", "named dims"}
	names = append(names, "zeros", "ones", "negatives", "mixed signs")
	names = append(names, featDtypeNames...)
	for _, p := range slices.Concat(argProbes, probeFeatures) {
		names = append(names, "the value "+p)
	}
	return names
}()

// probeFills are the fills a feature names, in their bits' order.
var probeFills = []string{fillZeros, fillOnes, fillNeg, fillMixed}

// probeFeatures are the probes, besides those of argProbes, whose change
// no feature of the tensors names.
var probeFeatures = []string{"broadcast", "non-viewable reshape", "one-element lists"}

// featuresOf is the feature set of s as it ran; 0 for nil.
func featuresOf(s *Sample) uint64 {
	if s == nil {
		return 0
	}
	f := uint64(1) << featKnown
	set := func(b int) { f |= 1 << b }
	for _, sp := range s.Specs {
		if sp.Same >= 0 {
			set(featSame) // the same tensor as another argument: nothing of its own
			continue
		}
		switch {
		case len(sp.Shape) == 0:
			set(featZeroDim)
		case len(sp.Shape) == 1:
			set(featRank1)
		case len(sp.Shape) >= 3:
			set(featRank3)
		}
		for _, d := range sp.Shape {
			if d == 0 {
				set(featEmpty)
			}
			if d == 1 {
				set(featSize1)
			}
		}
		for b, on := range []bool{sp.GoInt, sp.Transposed, sp.ViewOf >= 0, sp.Strides != nil,
			sp.Layout != "", sp.Conj || sp.Neg, sp.RequiresGrad || sp.NonLeafView, sp.Named} {
			if on {
				set([]int{featGoInt, featTransposed, featView, featStrided, featLayout, featBits, featGrad, featNamed}[b])
			}
		}
		if i := slices.Index(probeFills, sp.Fill); i >= 0 {
			set(featFills + i)
		}
		if i := slices.Index(featDtypeNames, sp.Dtype); i >= 0 {
			set(featDtypes + i)
		}
	}
	if s.Probe != nil {
		if i, ok := probeFeature[s.Probe.Name]; ok {
			set(featProbes + i)
		}
	}
	return f
}

// probeFeature gives the probes of argProbes and probeFeatures their
// index among them.
var probeFeature = func() map[string]int {
	m := map[string]int{}
	for i, p := range slices.Concat(argProbes, probeFeatures) {
		m[p] = i
	}
	return m
}()

// triggerText names the features of f ("" for none), joined by "and".
func triggerText(f uint64) string {
	f &^= 1 << featKnown
	var names []string
	for f != 0 {
		b := mbits.TrailingZeros64(f)
		f &^= 1 << b
		if b > featKnown && b < len(featureNames) {
			names = append(names, featureNames[b])
		}
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// A stepFeat is the feature set of one step of an op that was called (by
// its name in the report), and whether it ran (no error).
type stepFeat struct {
	name string
	feat uint64
	ran  bool
}

// noteFeat records the features of op's named step: feat (0: not known),
// ran when it ran.
func (r *Report) noteFeat(op, name string, feat uint64, ran bool) {
	if r.feats == nil {
		r.feats = map[string][]stepFeat{}
	}
	r.feats[op] = append(r.feats[op], stepFeat{name, feat, ran})
	if ran {
		r.dtypesRan |= feat >> featDtypes & (1<<numFeatDtypes - 1)
	}
}

// trigger is what all of op's samples named (a finding's or a crash's
// Variants) have and none of op's samples that ran without it has: the
// features that tell where it shows. 0 when no sample named is known,
// or when no sample of the op ran without it (a finding on every sample
// that ran, a crash of every sample): then nothing tells it apart.
func (r *Report) trigger(op string, names []string) uint64 {
	in := map[string]bool{}
	for _, n := range names {
		in[sampleOf(n)] = true
	}
	shared, others := ^uint64(0), uint64(0)
	known, other := false, false
	for _, s := range r.feats[op] {
		switch {
		case in[s.name] && s.feat != 0:
			shared &= s.feat
			known = true
		case !in[s.name] && s.ran && s.feat != 0:
			others |= s.feat
			other = true
		}
	}
	if !known || !other {
		return 0
	}
	return shared &^ others &^ (1 << featKnown)
}

// sampleOf is the step a sample's name in a finding or crash is of: the
// name without ", called again" or ", run again as the values' base".
func sampleOf(name string) string {
	name = strings.TrimSuffix(name, calledAgain)
	name, _, _ = strings.Cut(name, ", run again as the values' base")
	return name
}

// writeDtypesRun prints, when a dtype that a variant whose samples ran
// asks for ran in none of the samples (an adapter that moves the samples of the
// dtypes it lacks to one it makes, a *DtypeError, runs them all, and
// nothing else says that no kernel met such a tensor), the dtypes the
// samples ran in and those asked for that none ran in. Nothing when
// every dtype asked for ran, or none is known to have run (a report
// read back from a file written before the dtypes were kept).
func (r *Report) writeDtypesRun(b *strings.Builder) {
	// The dtypes of the variants whose samples ran (Tried's codes . and
	// V), not those of a layout, bit or autograd: a variant the runtime
	// could not make is in the cannot make lines already.
	asked := map[string]bool{}
	for _, codes := range r.Tried {
		variants, _, _ := strings.Cut(codes, " ")
		for k := range min(len(variants), len(Variants)) {
			if (variants[k] == '.' || variants[k] == 'V') && !Variants[k].Tensor.beyondStrided() {
				asked[Variants[k].Tensor.Dtype] = true
			}
		}
	}
	run := dtypesIn(r.dtypesRan)
	var missing []string
	for _, d := range featDtypeNames {
		if asked[d] && !slices.Contains(run, d) {
			missing = append(missing, d)
		}
	}
	if len(run) == 0 || len(missing) == 0 {
		return
	}
	fmt.Fprintf(b, "dtypes: the samples ran in %s; none in %s, which variants ask for: their samples ran in a dtype the adapter makes (repaired: named dtype), so no kernel was checked on such a tensor\n",
		strings.Join(run, ", "), strings.Join(missing, ", "))
}
