//go:build unix

package fixes

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
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

// TestWriteFileHardLinked: a file with a second hard link is refused, and
// so, all or none, is every other file of the same write; both links keep
// the old text and no temporary file is left.
func TestWriteFileHardLinked(t *testing.T) {
	dir := t.TempDir()
	path := writeTestFile(t, dir, "serve.env", "A=1\n", 0o644)
	other := filepath.Join(dir, "copy.env")
	if err := os.Link(path, other); err != nil {
		t.Skipf("link: %v", err)
	}
	script := writeTestFile(t, dir, "serve.sh", "old\n", 0o755)
	err := WriteFiles(map[string][2][]byte{
		path:   {[]byte("A=1\n"), []byte("A=2\n")},
		script: {[]byte("old\n"), []byte("new\n")},
	})
	if !errors.Is(err, ErrHardLinked) || !strings.Contains(err.Error(), "serve.env") || !strings.Contains(err.Error(), "2 links") {
		t.Fatalf("WriteFiles = %v, want ErrHardLinked naming serve.env and its 2 links", err)
	}
	checkContent(t, path, "A=1\n")
	checkContent(t, other, "A=1\n")
	checkContent(t, script, "old\n")
	noTempFiles(t, dir)

	// Once the link is broken, the file is written.
	if err := os.Remove(other); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, []byte("A=1\n"), []byte("A=2\n")); err != nil {
		t.Fatalf("WriteFile after the link is gone: %v", err)
	}
	checkContent(t, path, "A=2\n")
}
