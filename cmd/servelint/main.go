// Command servelint lints the shell scripts that boot LLM inference servers
// and the env files that own their numbers.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"runtime/trace"
	"strconv"
	"strings"
	"sync"

	"github.com/servelint/servelint/internal/hugeheap"
)

func main() {
	memProfiling(os.Getenv("SERVELINT_MEMPROFILE") != "")
	tuneGC(len(os.Args) > 1 && os.Args[1] == "lsp")
	os.Exit(allocProfiled(os.Getenv("SERVELINT_MEMPROFILE"), func() int {
		return profiled(os.Getenv("SERVELINT_CPUPROFILE"), func() int {
			return traced(os.Getenv("SERVELINT_TRACE"), func() int {
				return recovered(os.Stderr, func() int { return run(os.Args[1:], os.Stdout, os.Stderr) })
			})
		})
	}))
}

// memProfiling turns the runtime's sampling of allocations off unless
// SERVELINT_MEMPROFILE asks for the profile. The runtime samples one
// allocation per 512 KiB by default, unwinding its stack into a table of
// 1.4 MiB it maps untouched: perf on a 100-repo lint found each sample's
// first write to that table faulting a page in (a copy-on-write fault of
// the zero page, with a TLB flush sent to the other CPU), about 1% of the
// run's CPU for a profile nobody reads.
func memProfiling(on bool) {
	if !on {
		runtime.MemProfileRate = 0
	}
}

// allocProfiled runs f, then writes the allocation profile (every
// allocation since the start, sampled) to path when it is set: a lint run
// does not collect (tuneGC), so what it allocates is its peak memory and
// the page faults behind its system time (bench/README.md).
func allocProfiled(path string, f func() int) int {
	if path == "" {
		return f()
	}
	code := f()
	out, err := os.Create(path)
	if err == nil {
		err = pprof.Lookup("allocs").WriteTo(out, 0)
		if cerr := out.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "servelint: SERVELINT_MEMPROFILE:", err)
		return 3
	}
	return code
}

// recovered runs f and turns a panic on its goroutine into exit 3, said on
// stderr with the stack: Go's own exit status for a panic is 2, which a CI
// job would read as bad usage (the README's exit 3 is "an internal error").
// The lint recovers its workers' panics itself.
func recovered(stderr io.Writer, f func() int) (code int) {
	defer func() {
		if p := recover(); p != nil {
			_, _ = fmt.Fprintf(stderr, "servelint: internal error: %v\n%s", p, debug.Stack())
			code = exitFailure
		}
	}()
	return f()
}

// heapPerByte is what a lint's heap grows to per byte of the files it
// analyses: 210 on 100 synthetic repos (26 MiB for 122 KiB), 190 on 1,600
// (336 MiB for 1.8 MiB), rounded up.
const heapPerByte = 256

// hugePages returns the lint's parser.LoadOptions.Walked hook when
// SERVELINT_HUGEPAGES=1 asks for it: once the walk knows the bytes to
// analyse, the heap the run will grow into is backed by transparent huge
// pages (internal/hugeheap), up to half the memory limit. The hook acts
// once: a --fix run loads the tree again after each pass, with the first
// pass's heap already grown.
//
// It is off by default because what it saves depends on how the host backs
// the machine's memory. On this project's VM it took a 100-repo lint from
// 8,600 page faults to 1,800 and its CPU from 59 to 51 ms, and 1,600 repos
// from 102,000 faults to 4,600 and 0.55 to 0.43 s. But run right after
// ShellCheck (a pre-commit hook's order), the same 1,600-repo lint took
// 1.01 s instead of 0.64: perf put half its CPU in clear_page_erms, the
// kernel zeroing huge pages drawn from guest memory the host had not yet
// backed (each 2 MiB page then faults 512 times on the host), where 4 KiB
// pages come from memory in use a moment before.
func hugePages() func(int64) {
	if os.Getenv("SERVELINT_HUGEPAGES") != "1" {
		return nil
	}
	var once sync.Once
	return func(bytes int64) {
		once.Do(func() {
			limit := debug.SetMemoryLimit(-1)
			hugeheap.Reserve(min(bytes*heapPerByte, limit/2))
		})
	}
}

// tuneGC sets the garbage collector for the command. A lint, argv or
// ledger run is short and keeps most of what it allocates until it prints
// (the trees and the models of every file): pprof on 1,600 repos put
// garbage collection at 16-19% of the CPU with the default, and 15% at
// GOGC=400. Such a run collects only when the heap nears a soft limit
// (383 MiB peak on 1,600 repos: no collection at all): 1 GiB, or half the
// memory of the container it runs in when that is less. The language
// server lives long and collects as usual, less often (GOGC=400), under
// 2 GiB (or half the container's). GOMEMLIMIT in the environment leaves
// both settings to Go (and GOGC); GOGC alone keeps the limit.
func tuneGC(server bool) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	gogc, limit := -1, int64(1<<30)
	if server {
		gogc, limit = 400, 2<<30
	}
	if c := containerMemory(); c > 0 && c/2 < limit {
		limit = c / 2
	}
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gogc)
	}
	debug.SetMemoryLimit(limit)
}

// containerMemory is the memory limit of the cgroup servelint runs in (v2,
// then v1), 0 when there is none: a CI container of 512 MiB must not be
// filled before the first collection.
func containerMemory() int64 {
	return memoryLimitIn("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes")
}

// memoryLimitIn reads the first of the cgroup files that exists.
func memoryLimitIn(files ...string) int64 {
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		v, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
		if err != nil || v <= 0 || v >= 1<<50 { // "max", or v1's "unlimited"
			return 0
		}
		return v
	}
	return 0
}

// traced runs f, writing an execution trace (go tool trace) to path when
// it is set: where the workers of a run wait (bench/README.md).
func traced(path string, f func() int) int {
	return recording("SERVELINT_TRACE", path, trace.Start, trace.Stop, f)
}

// profiled runs f, writing a CPU profile to path when it is set: the
// benchmarks' profiles of the real process (bench/README.md).
func profiled(path string, f func() int) int {
	return recording("SERVELINT_CPUPROFILE", path, pprof.StartCPUProfile, pprof.StopCPUProfile, f)
}

// recording runs f between start and stop writing to the file at path,
// when path is set (env names the variable that set it, for errors).
func recording(env, path string, start func(io.Writer) error, stop func(), f func() int) int {
	if path == "" {
		return f()
	}
	out, err := os.Create(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "servelint: "+env+":", err)
		return 3
	}
	if err := start(out); err != nil {
		fmt.Fprintln(os.Stderr, "servelint: "+env+":", err)
		_ = out.Close()
		return 3
	}
	code := f()
	stop()
	if err := out.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "servelint: "+env+":", err)
	}
	return code
}
