//go:build unix

package gcrt_test

import (
	"syscall"
	"time"
)

// cpuClock is what TestCostSideBySide times with: the CPU time of the
// whole process (user and system, the collector's threads included), so
// that a round preempted by other processes on a loaded machine does not
// count the time it waited.
const cpuClock = "process CPU time (getrusage)"

func cpuNow() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
