// Command servelint lints the shell scripts that boot LLM inference servers
// and the env files that own their numbers.
package main

import (
	"fmt"
	"os"
	"runtime/debug"
	"runtime/pprof"
)

func main() {
	// pprof on 1,600 repos: garbage collection took 16-19% of the CPU.
	// Collect less often, but never let the heap pass 2 GiB before working
	// hard (a soft limit, unless the environment sets its own).
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(2 << 30)
	}
	os.Exit(profiled(os.Getenv("SERVELINT_CPUPROFILE"), func() int {
		return run(os.Args[1:], os.Stdout, os.Stderr)
	}))
}

// profiled runs f, writing a CPU profile to path when it is set: the
// benchmarks' profiles of the real process (bench/README.md).
func profiled(path string, f func() int) int {
	if path == "" {
		return f()
	}
	out, err := os.Create(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "servelint: SERVELINT_CPUPROFILE:", err)
		return 3
	}
	defer out.Close()
	if err := pprof.StartCPUProfile(out); err != nil {
		fmt.Fprintln(os.Stderr, "servelint: SERVELINT_CPUPROFILE:", err)
		return 3
	}
	defer pprof.StopCPUProfile()
	return f()
}
