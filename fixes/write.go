package fixes

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
)

// ErrChanged is returned, wrapped with the path, by [WriteFile] when the file
// no longer holds the bytes the fixes were computed from.
var ErrChanged = errors.New("file changed since it was read")

// ErrHardLinked is returned, wrapped with the path and the link count, by
// [WriteFile] for a file with more than one hard link: the rename that
// makes the write atomic would give this name the new text and leave every
// other link with the old one, silently splitting what was one file.
var ErrHardLinked = errors.New("file has other hard links")

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
// regular file. A file with more than one hard link is refused
// ([ErrHardLinked]): renaming over one name would leave the others with the
// old content. Extended attributes are not carried over. When the owner cannot be kept (for
// example, a non-root user writing a file owned by someone else), WriteFile
// fails rather than change it. If data equals orig, WriteFile does nothing.
func WriteFile(path string, orig, data []byte) error {
	return WriteFiles(map[string][2][]byte{path: {orig, data}})
}

// WriteFiles writes several files as [WriteFile] writes one, all or none:
// changes maps each path to its old and new contents. Every file is checked
// (it exists, is regular, is not read-only) and its temporary file written,
// owner and mode kept, and synced; then every file is re-read and compared
// with its old contents; only when all of that succeeded are the temporary
// files renamed over the originals. A fix that edits a script and its env
// file is thus never half written: when one file is read-only, changed
// since it was read, or cannot keep its owner, nothing is written and the
// error names that file. Should a rename itself fail (after all the checks),
// the files already renamed are put back to their old contents, as far as
// that can be done, and the error says so.
//
// Two paths naming one file (through a symbolic link, or "a/../b" against
// "b") are written once when their changes agree, and refused when they do
// not. Entries whose new contents equal the old are skipped.
func WriteFiles(changes map[string][2][]byte) error {
	paths := make([]string, 0, len(changes))
	for p, ch := range changes {
		if !bytes.Equal(ch[0], ch[1]) {
			paths = append(paths, p)
		}
	}
	slices.Sort(paths)
	var pending []*pendingWrite
	defer func() {
		for _, w := range pending {
			w.discard()
		}
	}()
	byTarget := map[string]*pendingWrite{}
	for _, p := range paths {
		ch := changes[p]
		w, err := prepare(p, ch[0], ch[1])
		if err != nil {
			return err
		}
		if prev := byTarget[w.target]; prev != nil {
			w.discard()
			if !bytes.Equal(prev.orig, w.orig) || !bytes.Equal(prev.data, w.data) {
				return fmt.Errorf("write %s: it is %s by another name, with other changes", p, prev.path)
			}
			continue
		}
		byTarget[w.target] = w
		pending = append(pending, w)
	}
	for _, w := range pending {
		if err := w.verify(); err != nil {
			return err
		}
	}
	for i, w := range pending {
		err := step("rename")
		if err == nil {
			err = os.Rename(w.tmpName, w.target)
		}
		if err != nil {
			err = fmt.Errorf("write %s: %w", w.path, err)
			for _, done := range pending[:i] {
				if rerr := replace(done.target, done.fi, done.data, done.orig); rerr != nil {
					err = errors.Join(err, fmt.Errorf("%s was written and could not be put back: %w", done.path, rerr))
				}
			}
			return err
		}
		w.renamed = true
	}
	var errs []error
	synced := map[string]bool{}
	for _, w := range pending {
		if dir := filepath.Dir(w.target); !synced[dir] {
			synced[dir] = true
			if err := syncDir(dir); err != nil {
				errs = append(errs, fmt.Errorf("write %s: file replaced, but syncing its directory failed: %w", w.path, err))
			}
		}
	}
	return errors.Join(errs...)
}

// pendingWrite is a file whose new contents wait, in a temporary file
// beside it, to be renamed over it.
type pendingWrite struct {
	path, target, tmpName string
	fi                    os.FileInfo
	orig, data            []byte
	renamed               bool
}

// discard removes the temporary file unless it was renamed.
func (w *pendingWrite) discard() {
	if !w.renamed && w.tmpName != "" {
		_ = os.Remove(w.tmpName) // best effort: a leftover is named .NAME.servelint-*
		w.tmpName = ""
	}
}

// prepare checks path and writes its new contents to a temporary file.
func prepare(path string, orig, data []byte) (*pendingWrite, error) {
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return nil, fmt.Errorf("write %s: %w", path, err)
	}
	fi, err := os.Stat(target)
	if err != nil {
		return nil, fmt.Errorf("write %s: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("write %s: not a regular file (mode %v)", path, fi.Mode())
	}
	if fi.Mode().Perm()&0o222 == 0 {
		return nil, fmt.Errorf("%s: %w (mode %v)", path, ErrReadOnly, fi.Mode().Perm())
	}
	if n := linkCount(fi); n > 1 {
		return nil, fmt.Errorf("%s: %w (%d links; a rename would leave the others with the old text: break the link, or apply the fix by hand)", path, ErrHardLinked, n)
	}
	if abs, err := filepath.Abs(target); err == nil {
		target = abs
	}
	tmpName, err := writeTemp(target, fi, data)
	if err != nil {
		return nil, fmt.Errorf("write %s: %w", path, err)
	}
	return &pendingWrite{path: path, target: target, tmpName: tmpName, fi: fi, orig: orig, data: data}, nil
}

// verify re-reads the file and refuses when it no longer holds orig.
func (w *pendingWrite) verify() error {
	cur, err := os.ReadFile(w.target)
	if err != nil {
		return fmt.Errorf("write %s: %w", w.path, err)
	}
	if !bytes.Equal(cur, w.orig) {
		return fmt.Errorf("%s: %w", w.path, ErrChanged)
	}
	if err := step("verify"); err != nil {
		return fmt.Errorf("write %s: %w", w.path, err)
	}
	return nil
}

// step runs the test hook after a named step of a write.
func step(name string) error {
	if testHook != nil {
		return testHook(name)
	}
	return nil
}

// replace writes data over target in one go (temporary file, checks,
// rename), refusing when target no longer holds orig; it puts a file back
// when a later rename of [WriteFiles] failed.
func replace(target string, fi os.FileInfo, orig, data []byte) error {
	tmpName, err := writeTemp(target, fi, data)
	if err != nil {
		return err
	}
	w := &pendingWrite{path: target, target: target, tmpName: tmpName, fi: fi, orig: orig, data: data}
	defer w.discard()
	if err := w.verify(); err != nil {
		return err
	}
	if err := os.Rename(tmpName, target); err != nil {
		return err
	}
	w.renamed = true
	return syncDir(filepath.Dir(target))
}

// writeTemp writes data to a temporary file beside target (named
// "."+base+".servelint-*"), gives it target's owner and mode, syncs and
// closes it, and returns its name; on failure it is removed.
func writeTemp(target string, fi os.FileInfo, data []byte) (name string, err error) {
	dir, base := filepath.Dir(target), filepath.Base(target)
	tmp, err := os.CreateTemp(dir, "."+base+".servelint-*")
	if err != nil {
		return "", err
	}
	tmpName := tmp.Name()
	defer func() {
		if err != nil {
			_ = tmp.Close() // may be closed already; the file is discarded anyway
			if rerr := os.Remove(tmpName); rerr != nil {
				err = errors.Join(err, fmt.Errorf("removing temporary file: %w", rerr))
			}
		}
	}()
	if err := step("create"); err != nil {
		return "", err
	}
	if _, err := tmp.Write(data); err != nil {
		return "", err
	}
	if err := step("write"); err != nil {
		return "", err
	}
	// Chown before chmod: changing the owner clears setuid and setgid.
	if err := keepOwner(tmp, fi); err != nil {
		return "", fmt.Errorf("keeping the owner: %w", err)
	}
	if err := tmp.Chmod(fi.Mode() & modeBits); err != nil {
		return "", err
	}
	if err := step("chmod"); err != nil {
		return "", err
	}
	if err := tmp.Sync(); err != nil {
		return "", err
	}
	if err := step("sync"); err != nil {
		return "", err
	}
	if err := tmp.Close(); err != nil {
		return "", err
	}
	if err := step("close"); err != nil {
		return "", err
	}
	return tmpName, nil
}
