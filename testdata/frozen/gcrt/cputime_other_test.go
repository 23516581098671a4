//go:build !unix

package gcrt_test

import "time"

const cpuClock = "wall time"

var start = time.Now()

func cpuNow() time.Duration { return time.Since(start) }
