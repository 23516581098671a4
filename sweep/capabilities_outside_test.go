//go:build debugasserts

package sweep_test

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/examples/sweepdemo/checked"
	"github.com/assertgen/assertgen/sweep"
)

// capable is the demo's adapter saying what it has: float32 and float64
// tensors, strided only, no bit, no autograd.
type capable struct{ adapter }

func (capable) Capabilities() sweep.Capabilities {
	return sweep.Capabilities{Dtypes: []string{"float32", "float64"}}
}

// A runtime that says what it has gets no variant asking for more: the
// variants of a layout, a bit, autograd or another dtype are not
// generated ('x' in Tried), counted apart in one line with their
// reasons, and left out of the samples and of the share it cannot make,
// in-process and isolated alike; the variants it has do as before.
func TestCapabilitiesLeaveOutVariants(t *testing.T) {
	all, err := sweep.Sweep(checked.SweepOps, adapter{}, sweep.Options{Content: true, InProcess: true})
	if err != nil {
		t.Fatal(err)
	}
	// int64, bool, complex64, then the bits, layouts and autograd
	notGen := []int{4, 7, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}
	n := len(notGen) * all.Ops
	want := fmt.Sprintf("not generated: 12 variants (%d samples), of tensors the runtime does not have (its Capabilities): "+
		"no int64 dtype (4); no bool dtype (7); no complex64 dtype (11); no conj or neg bit (12, 13); no sparse_coo layout (14); "+
		"no sparse_csr layout (15); no quantized layout (16); no mkldnn layout (17); no autograd (18, 19, 20)\n", n)
	var in string
	for _, inProcess := range []bool{true, false} {
		rep, err := sweep.Sweep(checked.SweepOps, capable{}, sweep.Options{Content: true, InProcess: inProcess})
		if err != nil {
			t.Fatal(err)
		}
		got := rep.String()
		if !strings.Contains(got, want) || !strings.Contains(got, "M cannot make, x not generated, =") {
			t.Errorf("in-process %t: want %q, and 'x' in the legend:\n%s", inProcess, want, got)
		}
		for op, codes := range rep.Tried {
			for v := range len(sweep.Variants) {
				if x := codes[v] == 'x'; x != slices.Contains(notGen, v) || !x && codes[v] != all.Tried[op][v] {
					t.Errorf("in-process %t: %s: variant %d is %q (%q), %q without capabilities", inProcess, op, v, codes[v], codes, all.Tried[op][v])
				}
			}
		}
		if rep.Samples != all.Samples-n || rep.NotGeneratedSamples != n || len(rep.NotGenerated) != len(notGen) {
			t.Errorf("in-process %t: %d samples, %d not generated (%v); %d without capabilities", inProcess, rep.Samples, rep.NotGeneratedSamples, rep.NotGenerated, all.Samples)
		}
		if !strings.Contains(got, ": 0 (0%) ask for a layout") {
			t.Errorf("in-process %t: samples of a layout, a bit or autograd counted as ones it cannot make:\n%s", inProcess, got)
		}
		ids := regexp.MustCompile(`0x[0-9a-f]+`) // tensor identities differ between processes
		if got = ids.ReplaceAllString(got, ""); inProcess {
			in = got
		} else if got != in {
			t.Errorf("isolated:\n%s\nin-process:\n%s", got, in)
		}
	}
}

// goIntCapable says it has tensors of Go's int besides the demo's floats;
// its Tensor, the demo's, makes none.
type goIntCapable struct{ adapter }

func (goIntCapable) Capabilities() sweep.Capabilities {
	return sweep.Capabilities{Dtypes: []string{"float32", "float64", "int64"}, GoInt: true}
}

// The probe "Go int" asks for Spec.GoInt tensors of a runtime that says
// it has them, and of no other: for one that does not say so it is not
// generated ('x', counted in the values table), for one that does it
// runs (here, a runtime that makes none: 'M').
func TestGoIntProbeNeedsCapability(t *testing.T) {
	last := func(codes string) byte { return codes[len(codes)-1] }
	for _, c := range []struct {
		rt   sweep.Runtime
		code byte
	}{{adapter{}, 'x'}, {capable{}, 'x'}, {goIntCapable{}, 'M'}} {
		rep, err := sweep.Sweep(checked.SweepOps, c.rt, sweep.Options{Content: true, InProcess: true})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for op, codes := range rep.Tried {
			switch got := last(codes); got {
			case c.code:
				n++
			case '-', '_':
			default:
				t.Errorf("%T: %s: the probe Go int is %q (%s), want %q", c.rt, op, got, codes, c.code)
			}
		}
		if n == 0 {
			t.Errorf("%T: no op's probe Go int is %q:\n%s", c.rt, c.code, rep)
		}
		if c.code == 'x' && !regexp.MustCompile(`\n\t24 Go int +0 +0 +0 +0; +0; +\d+; +\d+; +[1-9]\d*\n`).MatchString(rep.String()) {
			t.Errorf("%T: the values table does not count the probe not generated:\n%s", c.rt, rep)
		}
	}
}
