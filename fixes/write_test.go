package fixes

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// listDir returns the sorted names in dir.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// noTempFiles fails if dir holds a file named like WriteFile's temporary
// files.
func noTempFiles(t *testing.T, dir string) {
	t.Helper()
	for _, name := range listDir(t, dir) {
		if strings.Contains(name, ".servelint-") {
			t.Errorf("temporary file %s left in %s", name, dir)
		}
	}
}

// writeTestFile creates dir/name with content and mode (umask ignored).
func writeTestFile(t *testing.T, dir, name, content string, mode fs.FileMode) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
	return path
}

func checkContent(t *testing.T, path, want string) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s holds %q, want %q", path, got, want)
	}
}

// TestWriteFileReadOnly: a file without write bits is refused, intact.
func TestWriteFileReadOnly(t *testing.T) {
	dir := t.TempDir()
	path := writeTestFile(t, dir, "script.sh", "echo $x\n", 0o444)
	err := WriteFile(path, []byte("echo $x\n"), []byte("echo \"$x\"\n"))
	if !errors.Is(err, ErrReadOnly) {
		t.Fatalf("WriteFile = %v, want ErrReadOnly", err)
	}
	checkContent(t, path, "echo $x\n")
	if names := listDir(t, dir); !slices.Equal(names, []string{"script.sh"}) {
		t.Errorf("directory holds %v, want only script.sh", names)
	}
}

func TestWriteFileKeepsMode(t *testing.T) {
	modes := []fs.FileMode{0o755, 0o600, 0o644, 0o700, 0o640, 0o200}
	if runtime.GOOS != "windows" {
		modes = append(modes, 0o755|fs.ModeSetuid, 0o755|fs.ModeSetgid, 0o755|fs.ModeSticky)
	}
	for _, mode := range modes {
		t.Run(mode.String(), func(t *testing.T) {
			dir := t.TempDir()
			path := writeTestFile(t, dir, "script.sh", "echo $x\n", mode)
			fi, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if fi.Mode() != mode {
				t.Skipf("cannot create a file with mode %v here (got %v)", mode, fi.Mode())
			}
			if err := WriteFile(path, []byte("echo $x\n"), []byte("echo \"$x\"\n")); err != nil {
				t.Fatalf("WriteFile: %v", err)
			}
			checkContent(t, path, "echo \"$x\"\n")
			fi, err = os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if fi.Mode() != mode {
				t.Errorf("mode after WriteFile = %v, want %v", fi.Mode(), mode)
			}
			if names := listDir(t, dir); !slices.Equal(names, []string{"script.sh"}) {
				t.Errorf("directory holds %v, want only script.sh", names)
			}
		})
	}
}

func TestWriteFileChanged(t *testing.T) {
	dir := t.TempDir()
	path := writeTestFile(t, dir, "a.env", "A=1\n", 0o644)
	// The fixes were computed from "A=0\n", but someone wrote "A=1\n" since.
	err := WriteFile(path, []byte("A=0\n"), []byte("A=\"0\"\n"))
	if !errors.Is(err, ErrChanged) {
		t.Fatalf("WriteFile error = %v, want ErrChanged", err)
	}
	if !strings.Contains(err.Error(), path) {
		t.Errorf("error %q does not name %s", err, path)
	}
	checkContent(t, path, "A=1\n")
	if names := listDir(t, dir); !slices.Equal(names, []string{"a.env"}) {
		t.Errorf("directory holds %v, want only a.env", names)
	}
}

func TestWriteFileChangedDuringWrite(t *testing.T) {
	dir := t.TempDir()
	path := writeTestFile(t, dir, "a.sh", "old\n", 0o644)
	// The file changes after the temporary file was written.
	testHook = func(step string) error {
		if step == "sync" {
			return os.WriteFile(path, []byte("edited meanwhile\n"), 0o644)
		}
		return nil
	}
	defer func() { testHook = nil }()
	err := WriteFile(path, []byte("old\n"), []byte("new\n"))
	if !errors.Is(err, ErrChanged) {
		t.Fatalf("WriteFile error = %v, want ErrChanged", err)
	}
	checkContent(t, path, "edited meanwhile\n")
	noTempFiles(t, dir)
}

// TestWriteFileFailures makes each step of WriteFile fail in turn.
func TestWriteFileFailures(t *testing.T) {
	for _, step := range []string{"create", "write", "chmod", "sync", "close", "verify"} {
		t.Run(step, func(t *testing.T) {
			dir := t.TempDir()
			path := writeTestFile(t, dir, "a.sh", "old\n", 0o755)
			boom := fmt.Errorf("injected failure at %s", step)
			reached := false
			testHook = func(s string) error {
				if s == step {
					reached = true
					return boom
				}
				return nil
			}
			defer func() { testHook = nil }()
			err := WriteFile(path, []byte("old\n"), []byte("new\n"))
			if !reached {
				t.Fatalf("step %s not reached", step)
			}
			if !errors.Is(err, boom) {
				t.Fatalf("WriteFile error = %v, want %v", err, boom)
			}
			checkContent(t, path, "old\n")
			if names := listDir(t, dir); !slices.Equal(names, []string{"a.sh"}) {
				t.Errorf("directory holds %v, want only a.sh", names)
			}
		})
	}
}

func TestWriteFileReadOnlyDir(t *testing.T) {
	dir := t.TempDir()
	path := writeTestFile(t, dir, "a.sh", "old\n", 0o644)
	if os.Geteuid() == 0 {
		// Root ignores permission bits; an immutable directory (chattr +i,
		// ext2/3/4, XFS, Btrfs...) refuses even root.
		if out, err := exec.Command("chattr", "+i", dir).CombinedOutput(); err != nil {
			t.Skipf("running as root, which ignores directory permissions, and chattr +i failed: %v: %s", err, out)
		}
		t.Cleanup(func() {
			if out, err := exec.Command("chattr", "-i", dir).CombinedOutput(); err != nil {
				t.Errorf("chattr -i: %v: %s", err, out)
			}
		})
	} else {
		if err := os.Chmod(dir, 0o555); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			if err := os.Chmod(dir, 0o755); err != nil {
				t.Error(err)
			}
		})
	}
	err := WriteFile(path, []byte("old\n"), []byte("new\n"))
	if err == nil {
		t.Fatal("WriteFile into a read-only directory succeeded")
	}
	if !strings.Contains(err.Error(), path) {
		t.Errorf("error %q does not name %s", err, path)
	}
	checkContent(t, path, "old\n")
	if names := listDir(t, dir); !slices.Equal(names, []string{"a.sh"}) {
		t.Errorf("directory holds %v, want only a.sh", names)
	}
}

func TestWriteFileSymlink(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "real"), 0o755); err != nil {
		t.Fatal(err)
	}
	target := writeTestFile(t, filepath.Join(dir, "real"), "run.sh", "old\n", 0o750)
	// link2 -> link1 -> real/run.sh, with relative links.
	link1 := filepath.Join(dir, "link1.sh")
	link2 := filepath.Join(dir, "link2.sh")
	if err := os.Symlink(filepath.Join("real", "run.sh"), link1); err != nil {
		t.Skipf("symlinks unavailable: %v", err)
	}
	if err := os.Symlink("link1.sh", link2); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(link2, []byte("old\n"), []byte("new\n")); err != nil {
		t.Fatalf("WriteFile: %v", err)
	}
	checkContent(t, target, "new\n")
	for link, want := range map[string]string{link1: filepath.Join("real", "run.sh"), link2: "link1.sh"} {
		fi, err := os.Lstat(link)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			t.Errorf("%s is no longer a symlink: %v", link, fi.Mode())
			continue
		}
		if got, err := os.Readlink(link); err != nil || got != want {
			t.Errorf("Readlink(%s) = %q, %v; want %q", link, got, err, want)
		}
	}
	fi, err := os.Stat(target)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode() != 0o750 {
		t.Errorf("target mode = %v, want %v", fi.Mode(), fs.FileMode(0o750))
	}
	noTempFiles(t, dir)
	noTempFiles(t, filepath.Join(dir, "real"))
}

func TestWriteFileErrors(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("missing", filepath.Join(dir, "dangling")); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"missing", "sub", "dangling"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, name)
			if err := WriteFile(path, []byte("old"), []byte("new")); err == nil {
				t.Errorf("WriteFile(%s) succeeded", name)
			}
		})
	}
	if names := listDir(t, dir); !slices.Equal(names, []string{"dangling", "sub"}) {
		t.Errorf("directory holds %v, want dangling and sub", names)
	}
}

func TestWriteFileUnchangedDataIsNoop(t *testing.T) {
	dir := t.TempDir()
	path := writeTestFile(t, dir, "a.sh", "same\n", 0o644)
	called := false
	testHook = func(string) error { called = true; return nil }
	defer func() { testHook = nil }()
	if err := WriteFile(path, []byte("same\n"), []byte("same\n")); err != nil {
		t.Fatal(err)
	}
	if called {
		t.Error("WriteFile wrote a file whose content does not change")
	}
	checkContent(t, path, "same\n")
}

func TestWriteFileEmptyAndBinary(t *testing.T) {
	dir := t.TempDir()
	path := writeTestFile(t, dir, "empty.env", "", 0o644)
	data := "\ufeffA=1\r\nB=\x00\r\n"
	if err := WriteFile(path, nil, []byte(data)); err != nil {
		t.Fatal(err)
	}
	checkContent(t, path, data)
	if err := WriteFile(path, []byte(data), nil); err != nil {
		t.Fatal(err)
	}
	checkContent(t, path, "")
	noTempFiles(t, dir)
}

// writeTree writes name → content under a new temp dir and returns it.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// A fix editing a script and its env file is written to both or neither:
// one file read-only, changed since it was read, or failing to be renamed
// leaves both as they were.
func TestWriteFilesAllOrNone(t *testing.T) {
	changes := func(dir string) map[string][2][]byte {
		return map[string][2][]byte{
			filepath.Join(dir, "a.env"): {[]byte("A=1\nB=${A}\n"), []byte("A=1\n")},
			filepath.Join(dir, "b.sh"):  {[]byte("echo $B\n"), []byte("echo $A\n")},
		}
	}
	orig := map[string]string{"a.env": "A=1\nB=${A}\n", "b.sh": "echo $B\n"}
	unchanged := func(dir string) {
		t.Helper()
		for name, want := range orig {
			if got, _ := os.ReadFile(filepath.Join(dir, name)); string(got) != want {
				t.Errorf("%s = %q, want it untouched", name, got)
			}
		}
		if left, _ := filepath.Glob(filepath.Join(dir, ".*servelint-*")); len(left) > 0 {
			t.Errorf("temporary files left: %v", left)
		}
	}

	dir := writeTree(t, orig)
	if err := os.Chmod(filepath.Join(dir, "b.sh"), 0o444); err != nil {
		t.Fatal(err)
	}
	if err := WriteFiles(changes(dir)); !errors.Is(err, ErrReadOnly) {
		t.Errorf("read-only: error = %v", err)
	}
	unchanged(dir)

	dir = writeTree(t, orig)
	testHook = func(s string) error {
		if s == "close" {
			return os.WriteFile(filepath.Join(dir, "b.sh"), []byte("edited meanwhile\n"), 0o644)
		}
		return nil
	}
	err := WriteFiles(changes(dir))
	testHook = nil
	if !errors.Is(err, ErrChanged) || !strings.Contains(err.Error(), "b.sh") {
		t.Errorf("changed: error = %v", err)
	}
	orig["b.sh"] = "edited meanwhile\n"
	unchanged(dir)
	orig["b.sh"] = "echo $B\n"

	dir = writeTree(t, orig)
	renames := 0
	testHook = func(s string) error {
		if s == "rename" {
			if renames++; renames == 2 {
				return errors.New("disk on fire")
			}
		}
		return nil
	}
	err = WriteFiles(changes(dir))
	testHook = nil
	if err == nil || !strings.Contains(err.Error(), "disk on fire") {
		t.Errorf("rename: error = %v", err)
	}
	unchanged(dir)

	dir = writeTree(t, orig)
	if err := WriteFiles(changes(dir)); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"a.env": "A=1\n", "b.sh": "echo $A\n"} {
		if got, _ := os.ReadFile(filepath.Join(dir, name)); string(got) != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
}

// One file named twice (a link, a path through ..) is written once when
// the changes agree and refused when they do not.
func TestWriteFilesOneFileTwoNames(t *testing.T) {
	dir := writeTree(t, map[string]string{"a.env": "A=1\nB=2\n"})
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	// Joined by hand: filepath.Join would clean the ".." away.
	direct, dotted := filepath.Join(dir, "a.env"), dir+"/sub/../a.env"
	old := []byte("A=1\nB=2\n")
	if err := WriteFiles(map[string][2][]byte{direct: {old, []byte("A=1\n")}, dotted: {old, []byte("A=1\n")}}); err != nil {
		t.Fatalf("agreeing changes: %v", err)
	}
	if got, _ := os.ReadFile(direct); string(got) != "A=1\n" {
		t.Errorf("a.env = %q", got)
	}
	cur := []byte("A=1\n")
	err := WriteFiles(map[string][2][]byte{direct: {cur, []byte("A=2\n")}, dotted: {cur, []byte("A=3\n")}})
	if err == nil || !strings.Contains(err.Error(), "by another name, with other changes") {
		t.Errorf("conflicting changes: error = %v", err)
	}
	if got, _ := os.ReadFile(direct); string(got) != "A=1\n" {
		t.Errorf("a.env = %q, want it untouched", got)
	}
}
