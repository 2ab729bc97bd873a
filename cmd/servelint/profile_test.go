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

func TestMemoryLimitIn(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct {
		content string
		want    int64
	}{
		{"536870912\n", 512 << 20},
		{"max\n", 0},
		{"9223372036854771712\n", 0}, // cgroup v1: unlimited
		{"", 0},
	} {
		if got := memoryLimitIn(filepath.Join(dir, "missing"), write("m", tc.content)); got != tc.want {
			t.Errorf("%q: %d, want %d", tc.content, got, tc.want)
		}
	}
	if got := memoryLimitIn(filepath.Join(dir, "none")); got != 0 {
		t.Errorf("no cgroup file: %d", got)
	}
}
