//go:build !unix

package bench

import "time"

// cpuNow is not measured here: the cpu-ns/op metric reads 0.
func cpuNow() time.Duration { return 0 }
