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
	tuneGC(len(os.Args) > 1 && os.Args[1] == "lsp")
	os.Exit(profiled(os.Getenv("SERVELINT_CPUPROFILE"), func() int {
		return run(os.Args[1:], os.Stdout, os.Stderr)
	}))
}

// tuneGC sets the garbage collector for the command, unless the
// environment sets GOGC or GOMEMLIMIT itself. A lint, argv or ledger run is
// short and keeps most of what it allocates until it prints (the trees and
// the models of every file): pprof on 1,600 repos put garbage collection at
// 16-19% of the CPU with the default, and 15% at GOGC=400. Such a run
// collects only when the heap nears a soft limit of 1 GiB (373 MiB peak on
// 1,600 repos: no collection at all). The language server lives long and
// collects as usual, less often (GOGC=400), under 2 GiB.
func tuneGC(server bool) {
	gogc, limit := -1, int64(1<<30)
	if server {
		gogc, limit = 400, 2<<30
	}
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gogc)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(limit)
	}
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
	if err := pprof.StartCPUProfile(out); err != nil {
		fmt.Fprintln(os.Stderr, "servelint: SERVELINT_CPUPROFILE:", err)
		_ = out.Close()
		return 3
	}
	code := f()
	pprof.StopCPUProfile()
	if err := out.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "servelint: SERVELINT_CPUPROFILE:", err)
	}
	return code
}
