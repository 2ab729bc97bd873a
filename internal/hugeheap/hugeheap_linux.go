//go:build linux

package hugeheap

import (
	"bytes"
	"os"
	"runtime/debug"
	"strings"
	"unsafe"

	"golang.org/x/sys/unix"
)

const hugePage = 2 << 20

// modeFile is where the kernel says when it backs memory with huge pages;
// overcommitFile how it counts memory mapped but not yet touched.
var (
	modeFile       = "/sys/kernel/mm/transparent_hugepage/enabled"
	overcommitFile = "/proc/sys/vm/overcommit_memory"
)

// maxReserve bounds what Reserve maps at once, whatever it is asked.
const maxReserve = 1 << 30

// Advised reports whether the kernel backs anonymous memory with huge
// pages only where madvise asks for them: "always" needs no asking,
// "never" (or no THP at all) cannot be asked.
func Advised() bool {
	b, err := os.ReadFile(modeFile)
	return err == nil && bytes.Contains(b, []byte("[madvise]"))
}

// strictCommit reports whether the kernel refuses to map memory it could
// not back (overcommit_memory 2): there the reserved span counts against
// the commit limit before the run uses it, and a refused map stops a Go
// program outright.
func strictCommit() bool {
	b, err := os.ReadFile(overcommitFile)
	return err != nil || strings.TrimSpace(string(b)) == "2"
}

// Reserve makes the next n bytes the heap grows into eligible for huge
// pages (at most 1 GiB of them), when the kernel needs asking (Advised),
// does not count untouched memory against a strict commit limit, and n is
// at least a few huge pages; it reports whether it did. It collects once (the heap is
// small when it is called: before a lint parses anything) and returns the
// reserved span to the runtime, so that nothing counts against the
// memory limit until it is used.
func Reserve(n int64) bool {
	if n < 4*hugePage || !Advised() || strictCommit() {
		return false
	}
	n = min(n, maxReserve)
	// A fresh span: the runtime does not zero it, nothing is touched. Its
	// address is taken only to align the advice (gosec G103).
	b := make([]byte, n)
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b))) //nolint:gosec // see above
	start := (p + hugePage - 1) &^ (hugePage - 1)
	end := (p + uintptr(n)) &^ (hugePage - 1)
	var err error
	if end > start {
		err = unix.Madvise(b[start-p:end-p], unix.MADV_HUGEPAGE)
	}
	debug.FreeOSMemory() // b is dead here: its span goes back, released
	return err == nil && end > start
}
