// Command timeit runs a command once and appends to a file its wall time
// (a monotonic clock from just before the process is started to just after
// it is reaped), its peak RSS and its user+system CPU, for bench/compare.sh:
//
//	timeit OUT STDERR -- COMMAND [ARG...]
//
// appends "wall_ns rss_kb cpu_s" to OUT; the command's stdout is discarded
// and its stderr written to STDERR. timeit exits with the command's status.
//
// compare.sh timed `/usr/bin/time -v COMMAND` between two `date +%s%N`
// processes: their starts and /usr/bin/time's own (about 5 ms on this
// project's VM) were counted in every tool's wall time, a third of a
// 100-repo run of shfmt. Here only the command's own start is.
package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"time"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	if len(args) < 4 || args[2] != "--" {
		fmt.Fprintln(os.Stderr, "usage: timeit OUT STDERR -- COMMAND [ARG...]")
		return 2
	}
	out, errPath, argv := args[0], args[1], args[3:]
	stderr, err := os.Create(errPath)
	if err != nil {
		fmt.Fprintln(os.Stderr, "timeit:", err)
		return 2
	}
	defer func() { _ = stderr.Close() }()
	// The command is the benchmark's own (compare.sh's), run as given.
	cmd := exec.Command(argv[0], argv[1:]...) //nolint:gosec // G702: running the command given is this tool's job
	cmd.Stderr = stderr                       // stdout stays nil: /dev/null
	start := time.Now()
	err = cmd.Run()
	wall := time.Since(start)
	code := 0
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			fmt.Fprintln(os.Stderr, "timeit:", err)
			return 2
		}
		code = ee.ExitCode()
	}
	ru, _ := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	var rss int64
	var cpu time.Duration
	if ru != nil {
		rss = ru.Maxrss // KiB on Linux
		cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	f, err := os.OpenFile(out, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		fmt.Fprintln(os.Stderr, "timeit:", err)
		return 2
	}
	_, err = fmt.Fprintf(f, "%d %d %.3f\n", wall.Nanoseconds(), rss, cpu.Seconds())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "timeit:", err)
		return 2
	}
	return code
}
