// Command servelint lints the shell scripts that boot LLM inference servers
// and the env files that own their numbers.
package main

import (
	"os"
	"runtime/debug"
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
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
