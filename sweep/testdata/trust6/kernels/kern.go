// Package kern (in directory kernels: a kernel package named otherwise
// than its directory) is the kernels of package sweep's trust tests
// (issue 79) over lib's tensors: sin is correct; each other has one bug,
// of the kind a held-back adversarial set planted, on the tensors named.
package kern

import (
	"log"
	"math"

	"github.com/assertgen/assertgen/sweep/testdata/trust6/lib"
)

// Neg is neg(Tensor self) -> Tensor; on Go int tensors it negates self in
// place too (same_content, found by the probe Go int alone).
func Neg(self *lib.T) *lib.T {
	if d, ok := self.Data.([]int); ok {
		for i := range d {
			d[i] = -d[i]
		}
		return lib.Map(self, func(v float64) float64 { return v })
	}
	return lib.Map(self, func(v float64) float64 { return -v })
}

// Abs is abs(Tensor self) -> Tensor; of a 0-dim tensor it writes |x|
// into self (same_content, found by the probe negative 0-dim).
func Abs(self *lib.T) *lib.T {
	out := lib.Map(self, math.Abs)
	if len(self.Shape) == 0 {
		copyInto(self, out)
	}
	return out
}

// expCache is Exp's result per shape, handed out again.
var expCache = map[string]*lib.T{}

// Exp is exp(Tensor self) -> Tensor; it keeps its result per element
// type and shape and hands it out to the next call (fresh_not_held, found
// on a sample's second call).
func Exp(self *lib.T) *lib.T {
	out := lib.Map(self, math.Exp)
	k := key(self)
	if c := expCache[k]; c != nil {
		copyInto(c, out)
		return c
	}
	expCache[k] = out
	return out
}

// Sin is sin(Tensor self) -> Tensor, correct.
func Sin(self *lib.T) *lib.T { return lib.Map(self, math.Sin) }

// Trunc is trunc(Tensor self) -> Tensor; its path for 1-d float32
// tensors reads one element past the end (a panic, on each 1-d sample
// with another text: one crash of one function).
func Trunc(self *lib.T) *lib.T {
	out := lib.Map(self, math.Trunc)
	if d, ok := self.Data.([]float32); ok && len(self.Shape) == 1 {
		o := out.Data.([]float32)
		for i := 0; i <= len(d); i++ {
			o[i] = float32(math.Trunc(float64(d[i])))
		}
	}
	return out
}

// Ceil is ceil(Tensor self) -> Tensor; its path for 3-d tensors indexes
// one past the end (a panic whose text names the element count).
func Ceil(self *lib.T) *lib.T {
	out := lib.Map(self, math.Ceil)
	if d, ok := self.Data.([]float32); ok && len(self.Shape) == 3 {
		o := out.Data.([]float32)
		o[len(d)] = float32(math.Ceil(float64(d[0])))
	}
	return out
}

// Floor is floor(Tensor self) -> Tensor; it ends the process with
// log.Fatalf on 4-d tensors.
func Floor(self *lib.T) *lib.T {
	if len(self.Shape) == 4 {
		log.Fatalf("kern: floor has no path for %d-d tensors", len(self.Shape))
	}
	return lib.Map(self, math.Floor)
}

// Relu is relu(Tensor self) -> Tensor; on Go int tensors a goroutine of
// its own writes a nil map (a panic that kills the process, found by the
// probe Go int alone). Relu waits for it, and returns never: a close of
// done deferred would run as the panic unwinds, and Relu could return,
// and a reproducer's test pass, before the process died.
func Relu(self *lib.T) *lib.T {
	if _, ok := self.Data.([]int); ok {
		done := make(chan struct{})
		go func() {
			var seen map[int]bool
			seen[0] = true
			close(done) // never: the panic above ends the process first
		}()
		<-done
	}
	return lib.Map(self, func(v float64) float64 { return max(v, 0) })
}

// Sigmoid is sigmoid(Tensor self) -> Tensor; a goroutine of its own
// writes a nil map on float32 [2,3] tensors (the first variant: it kills
// the process), and on Go int tensors it indexes one past the end (a
// panic, found by the probe Go int alone, on the base sample: the first
// variant that ran, 0-dim).
func Sigmoid(self *lib.T) *lib.T {
	out := lib.Map(self, func(v float64) float64 { return 1 / (1 + math.Exp(-v)) })
	if d, ok := self.Data.([]float32); ok && len(self.Shape) == 2 && len(d) == 6 {
		done := make(chan struct{})
		go func() {
			var seen map[int]bool
			seen[0] = true
			close(done) // never: the panic above ends the process first
		}()
		<-done
	}
	if d, ok := self.Data.([]int); ok {
		out.Data.([]int)[len(d)] = 0
	}
	return out
}

// key names a tensor's element type and shape.
func key(t *lib.T) string {
	k := ""
	switch t.Data.(type) {
	case []float32:
		k = "f32"
	case []float64:
		k = "f64"
	case []int64:
		k = "i64"
	case []int:
		k = "int"
	case []bool:
		k = "bool"
	}
	for _, d := range t.Shape {
		k += "," + string(rune('0'+d))
	}
	return k
}

// copyInto copies src's elements into dst, of the same type and shape.
func copyInto(dst, src *lib.T) {
	switch d := dst.Data.(type) {
	case []float32:
		copy(d, src.Data.([]float32))
	case []float64:
		copy(d, src.Data.([]float64))
	case []int64:
		copy(d, src.Data.([]int64))
	case []int:
		copy(d, src.Data.([]int))
	case []bool:
		copy(d, src.Data.([]bool))
	}
}
