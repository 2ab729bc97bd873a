package fsread

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	big := bytes.Repeat([]byte("x=1\n"), 5000)
	for _, data := range [][]byte{nil, []byte("a"), []byte("#!/bin/sh\nexec vllm serve\n"), big} {
		p := write("f", data)
		got, err := ReadFile(p)
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("ReadFile(%d bytes) = %d bytes, %v", len(data), len(got), err)
		}
		if got == nil {
			t.Errorf("ReadFile(%d bytes) = nil, want a non-nil slice as os.ReadFile", len(data))
		}
	}

	p := write("big", big)
	_, err := Read(p, 100)
	var tb *TooBigError
	if !errors.As(err, &tb) || tb.Size != int64(len(big)) || tb.Limit != 100 {
		t.Errorf("Read over the limit: %v, want a TooBigError with the size", err)
	}
	if got, err := Read(p, int64(len(big))); err != nil || len(got) != len(big) {
		t.Errorf("Read at the limit: %d bytes, %v", len(got), err)
	}

	if _, err := ReadFile(filepath.Join(dir, "missing")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v, want ErrNotExist", err)
	}
	var pe *fs.PathError
	if _, err := ReadFile(dir); !errors.As(err, &pe) || pe.Path != dir {
		t.Errorf("directory: %v, want a PathError naming it", err)
	}
}
