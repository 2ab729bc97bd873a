//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/servelint/servelint/internal/testfs"
)

// TestNamedFIFO: a FIFO named on the command line is never waited on
// when nobody writes to it: exit 3, saying so, rather than a pass with
// nothing linted; a pipe with a writer is linted like a file (servelint
// <(git show REV:run.sh)). One a script sources as an env file is not read
// at all, writer or not (a writer holding it open kept the run waiting
// forever): exit 3, saying it is not a regular file.
func TestNamedFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.sh")
	for _, p := range []string{fifo, filepath.Join(dir, "pipe.env")} {
		if err := syscall.Mkfifo(p, 0o644); err != nil {
			t.Skip(err)
		}
	}
	testfs.Write(t, filepath.Join(dir, "run.sh"), "#!/bin/bash\n. ./pipe.env\nexec vllm serve m --max-num-seqs \"$SEQS\"\n")
	type result struct {
		out, errOut string
		code        int
	}
	lint := func(args ...string) result {
		t.Helper()
		done := make(chan result, 1)
		go func() {
			out, errOut, code := lintDir(t, args...)
			done <- result{out, errOut, code}
		}()
		select {
		case r := <-done:
			return r
		case <-time.After(20 * time.Second):
			t.Fatalf("servelint %s waited on a FIFO", strings.Join(args, " "))
		}
		return result{}
	}
	// --diff says it too, not only exits 3.
	for _, args := range [][]string{{fifo}, {"--diff", fifo}} {
		if r := lint(args...); r.code != exitFailure || !strings.Contains(r.errOut, "nothing written to it") {
			t.Errorf("servelint %s: exit %d, want 3 saying nothing was written\n%s", strings.Join(args, " "), r.code, r.errOut)
		}
	}
	if r := lint(filepath.Join(dir, "run.sh")); r.code != exitFailure || !strings.Contains(r.errOut, "pipe.env: not a regular file") {
		t.Errorf("servelint run.sh: exit %d, want 3 saying pipe.env is not a regular file\n%s", r.code, r.errOut)
	}
	// A pipe with its writer, as bash's <(…) hands one over.
	rd, wr, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = rd.Close() }()
	go func() {
		_, _ = wr.WriteString("#!/bin/bash\n# the wide step is free throughput\nexec vllm serve m --max-num-batched-tokens 65536\n")
		_ = wr.Close()
	}()
	r := lint(fmt.Sprintf("/dev/fd/%d", rd.Fd()))
	if r.code != exitFindings || !strings.Contains(r.out, ":2:") || !strings.Contains(r.out, "freethroughput") {
		t.Errorf("servelint on a pipe: exit %d, want the freethroughput finding on line 2\n%s%s", r.code, r.out, r.errOut)
	}
}
