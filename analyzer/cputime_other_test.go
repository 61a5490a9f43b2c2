//go:build !unix

package analyzer_test

import "time"

// cpuTime is not measured on this system: BenchmarkSuite reports wall
// time only.
func cpuTime() time.Duration { return 0 }
