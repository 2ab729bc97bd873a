//go:build linux

package hugeheap

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
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

// TestReserveBacksSmallObjects: after Reserve, the small objects a run
// allocates land in huge pages (where the kernel gives them on request).
func TestReserveBacksSmallObjects(t *testing.T) {
	if !Advised() {
		t.Skip("transparent huge pages are not set to madvise here")
	}
	old := debug.SetGCPercent(-1) // as a lint runs
	defer debug.SetGCPercent(old)
	before := anonHuge(t)
	if !Reserve(64 << 20) {
		t.Fatal("Reserve(64 MiB) = false with THP on madvise")
	}
	for range 32 << 10 { // 32 MiB of 1 KiB objects
		b := make([]byte, 1<<10)
		b[0] = 1
		keep = append(keep, b)
	}
	after := anonHuge(t)
	keep = nil
	runtime.GC()
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
