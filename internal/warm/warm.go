// Package warm runs functions on goroutines that are kept for reuse.
//
// The parser, the model walks and the interpreter are deeply recursive: a
// new goroutine starts with a small stack and copies it each time it
// doubles. pprof of servelint on 1,600 repos: runtime.newstack/copystack
// took 11% of the CPU, nearly all of it in goroutines started per file and
// per mode. A goroutine that is reused keeps the stack it grew.
package warm

import (
	"sync"
	"time"
)

// idle is how long a worker waits for more work before it ends.
const idle = 2 * time.Second

var work = make(chan func())

// Go runs f on an idle worker, or on a new one when none is idle. Like the
// go statement it never blocks and never waits for f; unlike it, the
// goroutine stays for more work for a while once f returns. A worker that
// f never returns from is simply never reused.
func Go(f func()) {
	select {
	case work <- f:
	default:
		go worker(f)
	}
}

func worker(f func()) {
	growStack(0)
	f()
	t := time.NewTimer(idle)
	defer t.Stop()
	for {
		select {
		case f = <-work:
			f()
			t.Reset(idle)
		case <-t.C:
			return
		}
	}
}

// Each calls f(i) for every i in [0, n), on at most jobs goroutines at
// once, and returns when all calls have. A panic in f stops the other
// workers taking more work and is raised again on the caller's goroutine,
// where its recover can see it.
func Each(n, jobs int, f func(i int)) {
	if jobs < 1 {
		jobs = 1
	}
	if jobs > n {
		jobs = n
	}
	var next int
	var panicked any
	var mu sync.Mutex
	var wg sync.WaitGroup
	wg.Add(jobs)
	for range jobs {
		Go(func() {
			defer wg.Done()
			defer func() {
				if p := recover(); p != nil {
					mu.Lock()
					if panicked == nil {
						panicked = p
					}
					next = n // no more work
					mu.Unlock()
				}
			}()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= n {
					return
				}
				f(i)
			}
		})
	}
	wg.Wait()
	if panicked != nil {
		panic(panicked)
	}
}

// Start is Each begun in the background: it returns at once, and wait
// returns when all calls have, raising again on its caller's goroutine a
// panic of f.
func Start(n, jobs int, f func(i int)) (wait func()) {
	done := make(chan struct{})
	var panicked any
	Go(func() {
		defer close(done)
		defer func() { panicked = recover() }()
		Each(n, jobs, f)
	})
	return func() {
		<-done
		if panicked != nil {
			panic(panicked)
		}
	}
}

// startFrame is the frame growStack makes room for: a new worker's stack
// grows from 8 KiB to 32 KiB (the runtime doubles it until the frame fits)
// before its first function. pprof of the binary on 1,600 repos: 1,745
// workers started in one run (a goroutine per script Prefetch evaluates,
// per mode, per interpreter run), and growing their stacks one doubling at
// a time, each a copy of a deep stack, was 3% of the CPU (runtime.newstack);
// 0.5% after. A 64 KiB start measured no better.
const startFrame = 16 << 10

// growStack grows the calling goroutine's stack to hold a frame of
// startFrame bytes, in one copy while the stack is still shallow. Its
// frame is that size, so the check at its entry makes the runtime grow the
// stack to fit it; the buffer itself is only written (and its pages only
// touched) when n > 0, which the caller never passes.
//
//go:noinline
func growStack(n int) byte {
	if n > 0 {
		var buf [startFrame]byte
		buf[n%len(buf)] = 1
		return buf[(n/2)%len(buf)]
	}
	return 0
}
