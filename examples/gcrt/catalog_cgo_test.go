//go:build cgo

package gcrt_test

import (
	"sync"

	"github.com/assertgen/assertgen/examples/gcrt"
	"github.com/assertgen/assertgen/examples/gcrt/checkedif"
)

// Storage in C memory (calloc), the other memory outside the Go heap a
// runtime's anchors may point into (issue 30 item 4; the mmap'd cases are
// in catalog_test.go): checked by address like any other, never handed
// to the collector.
func init() {
	var cached struct {
		sync.Mutex
		t *gcrt.Tensor
	}
	cloneInC := func(self *gcrt.Tensor, _ *int) *gcrt.Tensor {
		m, _ := gcrt.InC(self.Numel()) // never freed: the tensor may outlive the test
		return gcrt.Copy_(m, self, false)
	}
	cloneCachedInC := func(self *gcrt.Tensor, _ *int) *gcrt.Tensor {
		cached.Lock()
		defer cached.Unlock()
		if cached.t == nil || cached.t.Numel() != self.Numel() {
			cached.t, _ = gcrt.InC(self.Numel())
		}
		return gcrt.Copy_(cached.t, self, false)
	}
	twice := func(k checkedif.Kernels) {
		x := arange(4)
		a, b := k.Clone(x, nil), k.Clone(x, nil)
		_, _ = a, b
	}
	bugs = append(bugs,
		bug{name: "clone returns one buffer in C memory", new: true, check: "fresh_not_held",
			k: kernels{clone: cloneCachedInC}, run: func(k checkedif.Kernels) {
				cached.Lock()
				cached.t = nil // the previous run's buffer is still held (-count)
				cached.Unlock()
				twice(k)
			}},
		bug{name: "clone returns a copy in fresh C memory", new: true,
			k: kernels{clone: cloneInC}, run: twice},
	)
}
