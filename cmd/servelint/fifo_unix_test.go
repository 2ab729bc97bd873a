//go:build unix

package main

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/servelint/servelint/internal/testfs"
)

// TestNamedFIFO: a script named on the command line that is a FIFO is
// refused at once (exit 3), never waited on for a writer; so is an env
// file a script sources that is one.
func TestNamedFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.sh")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.env"), 0o644); err != nil {
		t.Skip(err)
	}
	testfs.Write(t, filepath.Join(dir, "run.sh"), "#!/bin/bash\n. ./pipe.env\nexec vllm serve m --max-num-seqs \"$SEQS\"\n")
	type result struct {
		out, errOut string
		code        int
	}
	for _, args := range [][]string{{fifo}, {filepath.Join(dir, "run.sh")}} {
		done := make(chan result, 1)
		go func() {
			out, errOut, code := lintDir(t, args...)
			done <- result{out, errOut, code}
		}()
		select {
		case r := <-done:
			if args[0] == fifo && (r.code != exitFailure || !strings.Contains(r.errOut, "not a regular file")) {
				t.Errorf("servelint %s: exit %d, stderr %q; want exit 3 naming a file that is not regular", args[0], r.code, r.errOut)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("servelint %s waited on a FIFO", args[0])
		}
	}
}
