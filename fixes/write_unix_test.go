//go:build unix

package fixes

import (
	"io/fs"
	"os"
	"syscall"
	"testing"
)

func TestWriteFileKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("changing a file's owner needs root")
	}
	dir := t.TempDir()
	path := writeTestFile(t, dir, "a.sh", "old\n", 0o755|fs.ModeSetuid)
	if err := os.Chown(path, 12345, 23456); err != nil {
		t.Skipf("chown: %v", err)
	}
	if err := os.Chmod(path, 0o755|fs.ModeSetuid); err != nil { // chown cleared setuid
		t.Fatal(err)
	}
	if err := WriteFile(path, []byte("old\n"), []byte("new\n")); err != nil {
		t.Fatalf("WriteFile: %v", err)
	}
	checkContent(t, path, "new\n")
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	st := fi.Sys().(*syscall.Stat_t)
	if st.Uid != 12345 || st.Gid != 23456 {
		t.Errorf("owner after WriteFile = %d:%d, want 12345:23456", st.Uid, st.Gid)
	}
	if fi.Mode() != 0o755|fs.ModeSetuid {
		t.Errorf("mode after WriteFile = %v, want %v", fi.Mode(), 0o755|fs.ModeSetuid)
	}
}
