package warm

import (
	"sync"
	"sync/atomic"
	"testing"
)

func TestEach(t *testing.T) {
	for _, tc := range []struct{ n, jobs int }{{0, 4}, {1, 4}, {10, 1}, {100, 3}, {5, 0}} {
		seen := make([]atomic.Int32, tc.n)
		var running, peak atomic.Int32
		Each(tc.n, tc.jobs, func(i int) {
			r := running.Add(1)
			for {
				p := peak.Load()
				if r <= p || peak.CompareAndSwap(p, r) {
					break
				}
			}
			seen[i].Add(1)
			running.Add(-1)
		})
		for i := range seen {
			if seen[i].Load() != 1 {
				t.Fatalf("n=%d jobs=%d: index %d ran %d times", tc.n, tc.jobs, i, seen[i].Load())
			}
		}
		if limit := int32(max(tc.jobs, 1)); peak.Load() > limit {
			t.Fatalf("n=%d jobs=%d: %d ran at once", tc.n, tc.jobs, peak.Load())
		}
	}
}

func TestGoRunsEveryFunc(t *testing.T) {
	var wg sync.WaitGroup
	var n atomic.Int32
	for range 200 {
		wg.Add(1)
		Go(func() {
			defer wg.Done()
			n.Add(1)
		})
	}
	wg.Wait()
	if n.Load() != 200 {
		t.Fatalf("ran %d of 200", n.Load())
	}
}

// A worker keeps the stack it grew: a deep call on a reused worker does
// not copy its stack up again, as it does on a new goroutine.
func BenchmarkGoDeep(b *testing.B) {
	var deep func(int) int
	deep = func(d int) int {
		var pad [64]byte
		if d == 0 {
			return int(pad[0])
		}
		return deep(d-1) + int(pad[d%64])
	}
	for _, bc := range []struct {
		name  string
		start func(func())
	}{{"warm", Go}, {"go", func(f func()) { go f() }}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				done := make(chan struct{})
				bc.start(func() { deep(2000); close(done) })
				<-done
			}
		})
	}
}

func TestEachPanicReachesCaller(t *testing.T) {
	for _, jobs := range []int{1, 4} {
		got := func() (p any) {
			defer func() { p = recover() }()
			Each(50, jobs, func(i int) {
				if i == 7 {
					panic("boom")
				}
			})
			return nil
		}()
		if got != "boom" {
			t.Fatalf("jobs=%d: recovered %v, want the panic of f", jobs, got)
		}
	}
}

// TestStart: Start returns before its calls end, wait after all of them,
// and a panic of one is raised by wait on the caller's goroutine.
func TestStart(t *testing.T) {
	release := make(chan struct{})
	var n atomic.Int64
	wait := Start(8, 2, func(int) {
		<-release
		n.Add(1)
	})
	if got := n.Load(); got != 0 {
		t.Fatalf("%d calls ended before Start returned", got)
	}
	close(release)
	wait()
	if got := n.Load(); got != 8 {
		t.Fatalf("wait returned after %d calls, want 8", got)
	}
	wait = Start(4, 2, func(i int) {
		if i == 2 {
			panic("boom")
		}
	})
	defer func() {
		if p := recover(); p != "boom" {
			t.Fatalf("wait raised %v, want boom", p)
		}
	}()
	wait()
	t.Fatal("wait did not raise the panic")
}
