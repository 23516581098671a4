package assertstest_test

import (
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/assertstest"
)

// ictensor adds asserts.IdentCounter to a handle of the fake runtime;
// staleImpl makes its TensorImpl use count disagree with UseCounts.
type ictensor struct {
	asserts.Tensor
	staleImpl bool
}

func (t ictensor) IdentCounts() (asserts.Ident, int, int) {
	i, s := t.UseCounts()
	if t.staleImpl && i > 0 {
		i = 1
	}
	return t.Ident(), i, s
}

func identCountsRuntime(staleImpl bool) assertstest.Runtime {
	base := (&fruntime{}).runtime()
	wrap := func(t asserts.Tensor) asserts.Tensor { return ictensor{t, staleImpl} }
	un := func(t asserts.Tensor) asserts.Tensor { return t.(ictensor).Tensor }
	return assertstest.Runtime{
		New:       func() asserts.Tensor { return wrap(base.New()) },
		Undefined: func() asserts.Tensor { return wrap(base.Undefined()) },
		Share:     func(t asserts.Tensor) asserts.Tensor { return wrap(base.Share(un(t))) },
		Release:   func(t asserts.Tensor) { base.Release(un(t)) },
		View:      func(t asserts.Tensor) asserts.Tensor { return wrap(base.View(un(t))) },
		Write:     func(t asserts.Tensor) { base.Write(un(t)) },
	}
}

// The optional IdentCounter part: one that agrees with Ident and UseCounts
// passes, one whose use count is stale is caught. The checked call's miss
// shows that the suite's checked call reads returns through IdentCounts.
func TestIdentCounts(t *testing.T) {
	rec := &recorder{TB: t}
	assertstest.Check(rec, identCountsRuntime(false))
	if len(rec.errs) > 0 {
		t.Errorf("a correct IdentCounter fails:\n%s", strings.Join(rec.errs, "\n"))
	}
	rec = &recorder{TB: t}
	assertstest.Check(rec, identCountsRuntime(true))
	all := strings.Join(rec.errs, "\n")
	for _, w := range []string{
		"ident counts: a tensor with two handles: IdentCounts reports",
		"use counts [1 2]; Ident and UseCounts report",
		"[2 2]",
		"checked call: a kernel returning its input is not caught by impl_use_count_le_1",
	} {
		if !strings.Contains(all, w) {
			t.Errorf("no failure containing %q; failures:\n%s", w, all)
		}
	}
}
