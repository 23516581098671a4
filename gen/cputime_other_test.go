//go:build !unix

package gen

import "time"

// cpuTime is not measured here: BenchmarkGenerateScaling reports 0.
func cpuTime() time.Duration { return 0 }
