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
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"time"
)

func main() {
	if len(os.Args) < 5 || os.Args[3] != "--" {
		fmt.Fprintln(os.Stderr, "usage: timeit OUT STDERR -- COMMAND [ARG...]")
		os.Exit(2)
	}
	out, errPath, argv := os.Args[1], os.Args[2], os.Args[4:]
	stderr, err := os.Create(errPath)
	if err != nil {
		fmt.Fprintln(os.Stderr, "timeit:", err)
		os.Exit(2)
	}
	defer stderr.Close()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stderr = stderr // stdout stays nil: /dev/null
	start := time.Now()
	err = cmd.Run()
	wall := time.Since(start)
	code := 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			fmt.Fprintln(os.Stderr, "timeit:", err)
			os.Exit(2)
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
	f, err := os.OpenFile(out, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		fmt.Fprintln(os.Stderr, "timeit:", err)
		os.Exit(2)
	}
	_, err = fmt.Fprintf(f, "%d %d %.3f\n", wall.Nanoseconds(), rss, cpu.Seconds())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "timeit:", err)
		os.Exit(2)
	}
	os.Exit(code)
}
