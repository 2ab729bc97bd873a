//go:build linux

package hugeheap

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
)

// anonHuge is the process's AnonHugePages, in KiB.
func anonHuge(t *testing.T) int {
	t.Helper()
	f, err := os.Open("/proc/self/smaps_rollup")
	if err != nil {
		t.Skipf("no smaps_rollup: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "AnonHugePages:"); ok {
			n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Skip("no AnonHugePages line")
	return 0
}

var keep [][]byte

// thpFallbacks is the kernel's count of huge-page faults it served with
// small pages (thp_fault_fallback in /proc/vmstat), -1 when not known.
func thpFallbacks() int {
	b, err := os.ReadFile("/proc/vmstat")
	if err != nil {
		return -1
	}
	for _, l := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(l, "thp_fault_fallback "); ok {
			n, err := strconv.Atoi(strings.TrimSpace(rest))
			if err != nil {
				return -1
			}
			return n
		}
	}
	return -1
}

// TestReserveBacksSmallObjects: after Reserve, the small objects a run
// allocates land in huge pages (where the kernel gives them on request).
// It runs in a process of its own, whose heap is fresh as a lint's is: in
// this one, the pages earlier tests (or runs, -count) left are reused
// first.
func TestReserveBacksSmallObjects(t *testing.T) {
	if os.Getenv("HUGEHEAP_CHILD") == "1" {
		reserveAndAllocate(t)
		return
	}
	if !Advised() {
		t.Skip("transparent huge pages are not set to madvise here")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestReserveBacksSmallObjects$", "-test.v")
	cmd.Env = append(os.Environ(), "HUGEHEAP_CHILD=1")
	out, err := cmd.CombinedOutput()
	switch {
	case strings.Contains(string(out), "--- SKIP"):
		t.Skipf("in a process of its own: %s", out)
	case err != nil:
		t.Fatalf("in a process of its own: %v\n%s", err, out)
	}
}

// reserveAndAllocate is TestReserveBacksSmallObjects's process.
func reserveAndAllocate(t *testing.T) {
	debug.SetGCPercent(-1) // as a lint runs
	before, fallback := anonHuge(t), thpFallbacks()
	if !Reserve(64 << 20) {
		t.Fatal("Reserve(64 MiB) = false with THP on madvise")
	}
	for range 32 << 10 { // 32 MiB of 1 KiB objects
		b := make([]byte, 1<<10)
		b[0] = 1
		keep = append(keep, b)
	}
	after := anonHuge(t)
	if after-before < 8<<10 && thpFallbacks() > fallback {
		// The kernel had no huge page free to give (a fragmented host):
		// advice it may not follow, not a fault of Reserve.
		t.Skipf("AnonHugePages grew by %d KiB only, and the kernel fell back to small pages meanwhile", after-before)
	}
	if after-before < 8<<10 {
		t.Fatalf("AnonHugePages grew by %d KiB after 32 MiB of small objects, want at least 8 MiB", after-before)
	}
}

// TestReserveDeclines: nothing is reserved for a small run, or where the
// kernel is not asked (always, never).
func TestReserveDeclines(t *testing.T) {
	if Reserve(1 << 20) {
		t.Error("Reserve(1 MiB) = true, want false: below four huge pages")
	}
	old := modeFile
	defer func() { modeFile = old }()
	for _, mode := range []string{"[always] madvise never", "always madvise [never]", ""} {
		modeFile = filepath.Join(t.TempDir(), "enabled")
		if err := os.WriteFile(modeFile, []byte(mode+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if Advised() || Reserve(64<<20) {
			t.Errorf("mode %q: Advised or Reserve true, want false", mode)
		}
	}
	modeFile = filepath.Join(t.TempDir(), "missing")
	if Advised() {
		t.Error("no mode file: Advised = true")
	}
	modeFile = filepath.Join(t.TempDir(), "enabled")
	if err := os.WriteFile(modeFile, []byte("always [madvise] never\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	oldCommit := overcommitFile
	defer func() { overcommitFile = oldCommit }()
	overcommitFile = filepath.Join(t.TempDir(), "overcommit_memory")
	if err := os.WriteFile(overcommitFile, []byte("2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if Reserve(64 << 20) {
		t.Error("strict overcommit: Reserve = true, want false")
	}
}
