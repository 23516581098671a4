package pool_test

import (
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"

	"example.com/frozen/pool"
	"example.com/frozen/pool/catalog"
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

type f32 = *pool.Tensor[float32]

// kernels overrides some of the runtime's kernels with broken ones.
type kernels struct {
	catalog.Functions
	addOut func(self, other f32, alpha float32, out f32) f32
	clone  func(self f32, memoryFormat *int) f32
	mul    func(self, other f32) f32
	sel    func(self f32, dim, index int64) f32
}

func (k kernels) AddOut(self, other f32, alpha float32, out f32) f32 {
	if k.addOut != nil {
		return k.addOut(self, other, alpha, out)
	}
	return k.Functions.AddOut(self, other, alpha, out)
}

func (k kernels) Clone(self f32, memoryFormat *int) f32 {
	if k.clone != nil {
		return k.clone(self, memoryFormat)
	}
	return k.Functions.Clone(self, memoryFormat)
}

func (k kernels) MulTensor(self, other f32) f32 {
	if k.mul != nil {
		return k.mul(self, other)
	}
	return k.Functions.MulTensor(self, other)
}

func (k kernels) SelectInt(self f32, dim, index int64) f32 {
	if k.sel != nil {
		return k.sel(self, dim, index)
	}
	return k.Functions.SelectInt(self, dim, index)
}

func vec(n int) f32 {
	vs := make([]float32, n)
	for i := range vs {
		vs[i] = float32(i + 1)
	}
	return pool.New(vs, n)
}

// poolBugs are the bugs of a pooling runtime, each reported at the call
// of the kernel that has it: want names the check and the op in the
// violation; an empty want is legal code that must report nothing.
var poolBugs = []struct {
	name string
	k    kernels
	want string // "check op", or "" for none
	run  func(k catalog.Kernels)
}{
	{"add.out gives out's buffer back and keeps it", kernels{addOut: pool.AddOutKeepsGivenBuffer}, "same_storage add.out",
		func(k catalog.Kernels) {
			x, out := vec(4), vec(6)
			k.AddOut(x, x, 1, out).Release()
			y := k.Neg(x) // the innocent op that takes out's buffer
			y.Release()
			x.Release()
		}},
	{"clone donates its input's buffer under a new storage", kernels{clone: pool.CloneDonates}, "fresh_no_alias clone",
		func(k catalog.Kernels) {
			x := vec(4)
			k.Clone(x, nil).Release()
		}},
	{"mul returns self", kernels{mul: pool.MulReturnsSelf}, "impl_use_count_eq_fresh mul.Tensor",
		func(k catalog.Kernels) {
			x := vec(4)
			k.MulTensor(x, x).Release()
			x.Release()
		}},
	{"select.int makes its view without retaining the storage", kernels{sel: pool.SelectKeepsNoHold}, "view_holds_storage select.int",
		func(k catalog.Kernels) {
			x := pool.New([]float32{1, 2, 3, 4, 5, 6}, 2, 3)
			row := k.SelectInt(x, 0, 1)
			row.Release() // the storage's count reaches 0: x's buffer goes back to the free list
			x.Release()   // and below 0
		}},
	{"legal: views of a storage other tensors hold", kernels{}, "",
		func(k catalog.Kernels) {
			x := pool.New([]float32{1, 2, 3, 4, 5, 6}, 2, 3)
			t := k.TransposeInt(x, 0, 1)
			row := k.SelectInt(x, 0, 1)
			col := k.SelectInt(t, 0, 2)
			for _, v := range []f32{col, row, t, x} {
				v.Release()
			}
		}},
	{"legal: a released buffer handed to a later fresh output", kernels{}, "",
		func(k catalog.Kernels) {
			x := vec(4)
			for range 4 {
				y := k.Neg(x)
				z := k.MulTensor(y, x)
				y.Release()
				z.Release()
			}
			x.Release()
		}},
	{"legal: x.add_(x), in place on views, out= an input, out= resized", kernels{}, "",
		func(k catalog.Kernels) {
			x := pool.New([]float32{1, 2, 3, 4, 5, 6}, 2, 3)
			k.Add_Tensor(x, x, 1)
			row := k.SelectInt(x, 0, 1)
			k.Add_Tensor(row, row, 2)
			k.Zero_(row)
			k.AddOut(x, x, 1, x)
			out := pool.New([]float32{1, 2}, 2)
			k.AddOut(x, x, 1, out)                                      // resized from 2 to 6 elements
			k.MulOut(x, x, pool.New([]float32{1, 2, 3, 4, 5, 6}, 3, 2)) // same size, other shape
			row.Release()
			out.Release()
			x.Release()
		}},
}

// TestPoolCatalog: each broken kernel is reported at its own call, by the
// check named, once, whatever later calls do with the memory it broke;
// legal pool reuse reports nothing.
func TestPoolCatalog(t *testing.T) {
	if !asserts.Compiled || !asserts.Checking() {
		t.Skip("the catalog needs -tags debugasserts")
	}
	for _, b := range poolBugs {
		t.Run(b.name, func(t *testing.T) {
			vs := asserts.Collect(func() { b.run(catalog.Checked(b.k)) })
			var got []string
			for i := range vs {
				op := vs[i].Op
				if vs[i].Overload != "" {
					op += "." + vs[i].Overload
				}
				got = append(got, vs[i].Check.String()+" "+op)
			}
			want := []string{}
			if b.want != "" {
				want = []string{b.want}
			}
			if !slices.Equal(got, want) {
				t.Errorf("violations %q, want %q", got, want)
				for i := range vs {
					t.Logf("  %v", &vs[i])
				}
			}
			if len(vs) == 1 {
				t.Log(vs[0].Error())
			}
		})
	}
}

// TestPoolVictimNamesTheKernel: when the buffer a kernel gave back while
// keeping it reaches a victim, the victim's report says where its memory
// has been: taken back during the kernel that has the bug, handed out
// again during the innocent op that took it.
func TestPoolVictimNamesTheKernel(t *testing.T) {
	if !asserts.Compiled || !asserts.Checking() {
		t.Skip("the catalog needs -tags debugasserts")
	}
	defer asserts.SetContentCheck(asserts.SetContentCheck(true))
	// No collection between the events and the report: after one, an
	// address may name another object, and the report tells no history.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	k := catalog.Checked(kernels{addOut: pool.AddOutKeepsGivenBuffer})
	var y f32
	vs := asserts.Collect(func() {
		x := vec(6)
		out := pool.New([]float32{1, 2, 3, 4, 5, 6}, 2, 3)
		k.AddOut(x, x, 1, out) // the bug, reported: same_storage at add.out
		// fresh outputs of 6 elements until one takes out's buffer (the
		// free list may hold others first)
		var others []f32
		for y = k.Neg(x); !pool.SharesBuffer(y, out) && len(others) < 16; y = k.Neg(x) {
			others = append(others, y)
		}
		if !pool.SharesBuffer(y, out) {
			t.Fatal("no fresh output took the buffer add.out gave back")
		}
		// out and y share a buffer: writing out changes y, a read-only
		// argument here, and mul.out is blamed (same_content).
		k.MulOut(y, x, out)
		for _, o := range others {
			o.Release()
		}
		out.Release()
		x.Release()
	})
	defer y.Release()
	var victim *asserts.Violation
	for i := range vs {
		t.Logf("%v", &vs[i])
		if vs[i].Check == checks.SameContent {
			victim = &vs[i]
		}
	}
	if len(vs) == 0 || vs[0].Check != checks.SameStorage || vs[0].Op != "add" {
		t.Fatalf("the first violation is not add.out's same_storage")
	}
	if victim == nil || victim.Op != "mul" || victim.Arg != "self" {
		t.Fatalf("no same_content on mul.out's self among the violations")
	}
	for _, want := range []string{
		"its memory was taken back by the runtime (asserts.Recycled) during add.out",
		"handed out again (asserts.Reused) during neg",
	} {
		if !strings.Contains(victim.Provenance, want) {
			t.Errorf("the victim's provenance %q does not say %q", victim.Provenance, want)
		}
	}
	if !strings.Contains(victim.Hint, "add.out") {
		t.Errorf("the victim's hint does not point at add.out: %s", victim.Hint)
	}
}

// TestPoolConcurrent: 8 goroutines share inputs, take views of a shared
// tensor and recycle buffers through the free list, under the checks;
// nothing is reported (run it with -race).
func TestPoolConcurrent(t *testing.T) {
	k := catalog.Checked(catalog.Functions{})
	x := vec(16)
	var wg sync.WaitGroup
	vs := asserts.Collect(func() {
		for g := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				out := vec(16)
				for i := range 200 {
					y := k.Neg(x)
					z := k.MulTensor(y, x)
					k.AddOut(y, z, 1, out)
					k.Add_Tensor(out, y, float32(g))
					if i%7 == 0 {
						v := k.SelectInt(out, 0, 3)
						k.Zero_(v)
						v.Release()
					}
					if i%3 == 0 {
						// a view of the shared x while other goroutines
						// take and release theirs: their releases during
						// this call are not this kernel's missing hold
						v := k.SelectInt(x, 0, int64(g))
						v.Release()
					}
					y.Release()
					z.Release()
				}
				out.Release()
			}()
		}
		wg.Wait()
	})
	for i := range vs {
		t.Errorf("false alarm: %v", &vs[i])
	}
	x.Release()
}
