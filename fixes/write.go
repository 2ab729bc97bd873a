package fixes

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// ErrChanged is returned, wrapped with the path, by [WriteFile] when the file
// no longer holds the bytes the fixes were computed from.
var ErrChanged = errors.New("file changed since it was read")

// ErrReadOnly is returned, wrapped with the path, by [WriteFile] for a file
// without any write permission bit: its owner marked it read-only, and
// renaming over it would defeat that (root could).
var ErrReadOnly = errors.New("file is read-only")

// modeBits are the parts of a file mode WriteFile carries over.
const modeBits = os.ModePerm | os.ModeSetuid | os.ModeSetgid | os.ModeSticky

// testHook, when non-nil, is called by WriteFile after each step, named by
// step; a non-nil result aborts the write as if that step had failed. Tests
// use it to check the cleanup after failures at every step.
var testHook func(step string) error

// WriteFile replaces path's content with data atomically: it writes a
// temporary file in the same directory (named "."+base+".servelint-*"),
// fsyncs it, gives it the original file's owner and mode (permission bits
// plus setuid, setgid and sticky), renames it over the original and fsyncs
// the directory.
//
// Just before renaming it re-reads the file and refuses, with an error
// wrapping [ErrChanged] and naming path, if its bytes differ from orig, the
// bytes the fixes were computed from. (A change made between that check and
// the rename cannot be detected.) On any failure before the rename the
// temporary file is removed and the original is intact; a failure to fsync
// the directory after the rename is reported but the file has been replaced.
//
// A file with no write permission bit is refused ([ErrReadOnly]), even
// for root. If path is a symbolic link, the link's final target (filepath.EvalSymlinks)
// is replaced and the link stays a link. The file must exist and be a
// regular file. Hard links to the file keep the old content, and extended
// attributes are not carried over. When the owner cannot be kept (for
// example, a non-root user writing a file owned by someone else), WriteFile
// fails rather than change it. If data equals orig, WriteFile does nothing.
func WriteFile(path string, orig, data []byte) error {
	if bytes.Equal(orig, data) {
		return nil
	}
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	fi, err := os.Stat(target)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("write %s: not a regular file (mode %v)", path, fi.Mode())
	}
	if fi.Mode().Perm()&0o222 == 0 {
		return fmt.Errorf("%s: %w (mode %v)", path, ErrReadOnly, fi.Mode().Perm())
	}
	if err := replace(target, fi, orig, data); err != nil {
		if errors.Is(err, ErrChanged) {
			return fmt.Errorf("%s: %w", path, err)
		}
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// replace does the work of WriteFile on the resolved path target, whose
// FileInfo is fi.
func replace(target string, fi os.FileInfo, orig, data []byte) (err error) {
	dir, base := filepath.Dir(target), filepath.Base(target)
	tmp, err := os.CreateTemp(dir, "."+base+".servelint-*")
	if err != nil {
		return err
	}
	tmpName := tmp.Name()
	renamed := false
	defer func() {
		if !renamed {
			_ = tmp.Close() // may be closed already; the file is discarded anyway
			if rerr := os.Remove(tmpName); rerr != nil {
				err = errors.Join(err, fmt.Errorf("removing temporary file: %w", rerr))
			}
		}
	}()
	step := func(name string) error {
		if testHook != nil {
			return testHook(name)
		}
		return nil
	}

	if err := step("create"); err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		return err
	}
	if err := step("write"); err != nil {
		return err
	}
	// Chown before chmod: changing the owner clears setuid and setgid.
	if err := keepOwner(tmp, fi); err != nil {
		return fmt.Errorf("keeping the owner: %w", err)
	}
	if err := tmp.Chmod(fi.Mode() & modeBits); err != nil {
		return err
	}
	if err := step("chmod"); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := step("sync"); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := step("close"); err != nil {
		return err
	}
	cur, err := os.ReadFile(target)
	if err != nil {
		return err
	}
	if !bytes.Equal(cur, orig) {
		return ErrChanged
	}
	if err := step("verify"); err != nil {
		return err
	}
	if err := os.Rename(tmpName, target); err != nil {
		return err
	}
	renamed = true
	if err := syncDir(dir); err != nil {
		return fmt.Errorf("file replaced, but syncing its directory failed: %w", err)
	}
	return nil
}
