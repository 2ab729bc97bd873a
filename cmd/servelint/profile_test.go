package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestProfiled(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cpu.prof")
	if code := profiled(path, func() int { return 7 }); code != 7 {
		t.Fatalf("exit %d, want the command's 7", code)
	}
	if st, err := os.Stat(path); err != nil || st.Size() == 0 {
		t.Fatalf("no profile written: %v", err)
	}
	if code := profiled(filepath.Join(t.TempDir(), "no", "such", "dir", "p"), func() int { return 0 }); code != 3 {
		t.Fatalf("unwritable profile: exit %d, want 3", code)
	}
	if code := profiled("", func() int { return 1 }); code != 1 {
		t.Fatalf("no profile asked: exit %d, want 1", code)
	}
}
