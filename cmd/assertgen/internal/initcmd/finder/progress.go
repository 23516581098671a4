package finder

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// progressKey is the context key of WithProgress's function.
type progressKey struct{}

// WithProgress returns ctx with say, which ProbeMemory, ProbeViews and
// Bind call with a line on each long step they start (a program's build,
// its runs) and, every few seconds while the value check's programs run,
// with how many of them ran. say must be safe to call from several
// goroutines.
func WithProgress(ctx context.Context, say func(line string)) context.Context {
	if say == nil {
		return ctx
	}
	return context.WithValue(ctx, progressKey{}, say)
}

// say calls ctx's progress function, if it has one, with the line
// format and args make.
func say(ctx context.Context, format string, args ...any) {
	if f, ok := ctx.Value(progressKey{}).(func(string)); ok {
		f(fmt.Sprintf(format, args...))
	}
}

// progressEvery is how often a counter of runs is said.
const progressEvery = 2 * time.Second

// counter says "WHAT: DONE/TOTAL" on ctx at most every progressEvery as
// runs end; its func counts one.
func counter(ctx context.Context, what string, total int) func() {
	if _, ok := ctx.Value(progressKey{}).(func(string)); !ok {
		return func() {}
	}
	var mu sync.Mutex
	done, last := 0, time.Now()
	return func() {
		mu.Lock()
		defer mu.Unlock()
		done++
		if now := time.Now(); now.Sub(last) >= progressEvery && done < total {
			last = now
			say(ctx, "%s: %d/%d", what, done, total)
		}
	}
}
