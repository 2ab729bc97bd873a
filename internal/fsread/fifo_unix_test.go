//go:build unix

package fsread

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestReadFIFO: a FIFO is refused at once, never waited on.
func TestReadFIFO(t *testing.T) {
	p := filepath.Join(t.TempDir(), "pipe.sh")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skip(err)
	}
	done := make(chan error, 1)
	go func() { _, err := ReadFile(p); done <- err }()
	select {
	case err := <-done:
		if err == nil {
			t.Error("a FIFO was read")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Read waited on a FIFO")
	}
}
