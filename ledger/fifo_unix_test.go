//go:build unix

package ledger

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A FIFO nobody writes to is an error at once, never a wait for a writer.
func TestParseFileFIFO(t *testing.T) {
	p := filepath.Join(t.TempDir(), "boot.log")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skip(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := ParseFile(p)
		done <- err
	}()
	if err := <-done; err == nil || !strings.Contains(err.Error(), "nothing written") {
		t.Errorf("error = %v", err)
	}
}
