package shared

import (
	"sync"
	"testing"
)

// getg is one token per goroutine: the same for every call on one
// goroutine, different for goroutines alive at once.
func TestGetg(t *testing.T) {
	const n = 16
	toks := make([]uintptr, n)
	var recorded, done sync.WaitGroup
	release := make(chan struct{})
	for i := range n {
		recorded.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			toks[i] = Getg()
			recorded.Done()
			<-release // alive until every goroutine has its token
			if b := Getg(); b != toks[i] || b == 0 {
				t.Errorf("goroutine %d: tokens %x, %x", i, toks[i], b)
			}
		}()
	}
	recorded.Wait()
	seen := map[uintptr]bool{Getg(): true}
	for i, tok := range toks {
		if seen[tok] {
			t.Errorf("goroutine %d: token %x shared", i, tok)
		}
		seen[tok] = true
	}
	close(release)
	done.Wait()
}
