//go:build unix

package fsread

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestReadFIFO: a FIFO nobody writes to is ErrEmptyPipe at once, never
// waited on; one with a writer is read to its end, also past a pipe
// buffer, and stops past the limit (its size unknown).
func TestReadFIFO(t *testing.T) {
	p := filepath.Join(t.TempDir(), "pipe.sh")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skip(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := ReadFile(p)
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, ErrEmptyPipe) {
			t.Errorf("a FIFO with no writer: %v, want ErrEmptyPipe", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Read waited on a FIFO with no writer")
	}

	body := bytes.Repeat([]byte("echo hi\n"), 40000) // over a 64 KiB pipe buffer
	for _, limit := range []int64{0, 1000} {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		go func() {
			_, _ = w.Write(body)
			_ = w.Close()
		}()
		path := fmt.Sprintf("/dev/fd/%d", r.Fd())
		got, err := Read(path, limit)
		_ = r.Close()
		var tb *TooBigError
		switch {
		case limit == 0 && (err != nil || !bytes.Equal(got, body)):
			t.Errorf("a pipe: %d bytes, %v; want %d", len(got), err, len(body))
		case limit > 0 && (!errors.As(err, &tb) || tb.Size != -1 || tb.Error() != path+" is over the 1000-byte limit"):
			t.Errorf("a pipe over the limit: %d bytes, %v; want a TooBigError of unknown size", len(got), err)
		}
	}
}

// TestReadDevice: a character device is refused, not read.
func TestReadDevice(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip(err)
	}
	if _, err := ReadFile("/dev/zero"); err == nil {
		t.Error("/dev/zero was read")
	}
}

// TestReadRegular: ReadRegular reads a regular file, and refuses a FIFO, a
// symlink (even to a regular file) and a device, never waiting.
func TestReadRegular(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.env")
	if err := os.WriteFile(file, []byte("A=1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadRegular(file, 100); err != nil || string(b) != "A=1\n" {
		t.Errorf("regular file: %q, %v", b, err)
	}
	if _, err := ReadRegular(file, 2); !errors.As(err, new(*TooBigError)) {
		t.Errorf("over the limit: %v, want a TooBigError", err)
	}
	link := filepath.Join(dir, "link.env")
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "pipe.env")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{link, fifo, "/dev/zero"} {
		if b, err := ReadRegular(p, 100); err == nil {
			t.Errorf("%s: read %q, want a refusal", p, b)
		}
	}
}

// TestReadRegularFollow: a regular file is read through a symlink; a FIFO,
// with a writer holding it open or not, is refused at once, as a device.
func TestReadRegularFollow(t *testing.T) {
	dir := t.TempDir()
	file, link, fifo := filepath.Join(dir, "a.env"), filepath.Join(dir, "l.env"), filepath.Join(dir, "p.env")
	if err := os.WriteFile(file, []byte("A=1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("a.env", link); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadRegularFollow(link, 0); err != nil || string(b) != "A=1\n" {
		t.Errorf("through a symlink: %q, %v", b, err)
	}
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("mkfifo:", err)
	}
	w, err := os.OpenFile(fifo, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = w.Close() }()
	done := make(chan error, 1)
	go func() { _, err := ReadRegularFollow(fifo, 0); done <- err }()
	select {
	case err := <-done:
		if err == nil || !errors.Is(err, errNotRegular) {
			t.Errorf("FIFO: %v, want not a regular file", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("ReadRegularFollow waited on a FIFO held open")
	}
	if _, err := ReadRegularFollow("/dev/null", 0); err == nil {
		t.Error("/dev/null read as a regular file")
	}
}
