package dryrun

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"
)

// maxFileSize bounds any file the evaluator reads from the linted tree.
const maxFileSize = 8 << 20

// errOutsideTree is the reason given for any access outside Options.Root.
var errOutsideTree = errors.New("outside the linted tree (servelint dry-run sandbox)")

// errSymlinkLoop is returned when in-tree symlinks do not resolve.
var errSymlinkLoop = errors.New("too many levels of symbolic links")

// within reports whether the clean absolute path p is root or below it.
func within(root, p string) bool {
	return p == root || strings.HasPrefix(p, root+string(filepath.Separator))
}

// absPath makes p absolute against dir and cleans it, as interp does.
func absPath(dir, p string) string {
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	return filepath.Clean(p)
}

// resolveInTree resolves the symlinks of abs (which must be within root)
// without ever touching a path outside root: a link whose target leaves the
// tree is refused before the target is looked at. Components that do not
// exist are appended lexically. With followLast false, a symlink in the last
// component is not followed (lstat semantics).
func resolveInTree(root, abs string, followLast bool) (string, error) {
	if !within(root, abs) {
		return "", errOutsideTree
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return "", err
	}
	parts := splitPath(rel)
	cur := root
	links := 0
	for i := 0; i < len(parts); i++ {
		next := filepath.Join(cur, parts[i])
		fi, err := os.Lstat(next)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) || isNotDir(err) {
				return filepath.Join(append([]string{cur}, parts[i:]...)...), nil
			}
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 || (!followLast && i == len(parts)-1) {
			cur = next
			continue
		}
		if links++; links > 40 {
			return "", errSymlinkLoop
		}
		target, err := os.Readlink(next)
		if err != nil {
			return "", err
		}
		target = absPath(cur, target)
		if !within(root, target) {
			return "", errOutsideTree
		}
		trel, err := filepath.Rel(root, target)
		if err != nil {
			return "", err
		}
		parts = append(splitPath(trel), parts[i+1:]...)
		cur = root
		i = -1
	}
	return cur, nil
}

func splitPath(rel string) []string {
	if rel == "." || rel == "" {
		return nil
	}
	return strings.Split(rel, string(filepath.Separator))
}

// readRegular reads a regular file (never a FIFO or device, which could
// block or stream forever), up to maxFileSize.
func readRegular(p string) ([]byte, error) {
	fi, err := os.Lstat(p)
	if err != nil {
		return nil, err
	}
	if fi.IsDir() {
		return nil, &os.PathError{Op: "read", Path: p, Err: errors.New("is a directory")}
	}
	if !fi.Mode().IsRegular() {
		return nil, &os.PathError{Op: "read", Path: p, Err: errors.New("not a regular file")}
	}
	if fi.Size() > maxFileSize {
		return nil, &os.PathError{Op: "read", Path: p, Err: fmt.Errorf("larger than %d bytes", maxFileSize)}
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	if len(data) > maxFileSize {
		return nil, &os.PathError{Op: "read", Path: p, Err: fmt.Errorf("larger than %d bytes", maxFileSize)}
	}
	return data, nil
}

// fakeInfo is the FileInfo the sandbox gives for paths it answers without
// touching the disk: directories a script cd'ed into outside the tree, and
// files that exist only in an Options.ReadFile overlay.
type fakeInfo struct {
	name string
	size int64
	dir  bool
}

func (f fakeInfo) Name() string { return f.name }
func (f fakeInfo) Size() int64  { return f.size }
func (f fakeInfo) Mode() fs.FileMode {
	if f.dir {
		return fs.ModeDir | 0o755
	}
	return 0o644
}
func (f fakeInfo) ModTime() time.Time { return fixedTime }
func (f fakeInfo) IsDir() bool        { return f.dir }

// Sys returns a zero stat structure where the platform has one: interp
// type-asserts it for some test operators.
func (f fakeInfo) Sys() any { return zeroStat() }

// fixedTime is the clock the sandbox shows (date, file times).
var fixedTime = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

// nullIsDevice reports whether /dev/null is the character device it should
// be, so that no path below it can ever be created.
var nullIsDevice = sync.OnceValue(func() bool {
	if runtime.GOOS == "windows" {
		return false
	}
	fi, err := os.Lstat(os.DevNull)
	return err == nil && fi.Mode()&fs.ModeCharDevice != 0
})

// sandboxTmpDir returns the TMPDIR the interpreter gets, and how to clean it
// up. interp opens "$TMPDIR/sh-interp-*" and makes process-substitution
// FIFOs there with no handler involved, so it must name a directory in which
// nothing can ever be created. A path below /dev/null is one: creating
// anything there fails with ENOTDIR, for every user, root included, and
// there is nothing to make or remove. Where /dev/null is not a device, a
// never-created child of a private 0700 temp dir is used instead.
func sandboxTmpDir(private bool) (string, func() error, error) {
	if !private && nullIsDevice() {
		return filepath.Join(os.DevNull, "servelint-tmp"), func() error { return nil }, nil
	}
	priv, err := os.MkdirTemp("", "servelint-dryrun-")
	if err != nil {
		return "", nil, err
	}
	return filepath.Join(priv, "tmp"), func() error { return os.RemoveAll(priv) }, nil
}

// Files is a snapshot of what evaluations read from the tree: symlinks
// resolved, file metadata and contents, each looked up on disk once. The
// evaluations of one script's modes share one (Options.Files), so the env
// file every mode sources is read, and its path walked, once per script
// rather than once per mode (pprof on 1,600 repos: the same lstat and read
// calls, repeated per mode, were 7% of the CPU). A Files is for
// evaluations with the same Root and ReadFile; it never sees a change made
// after a path was first looked at, so it lives as long as one lint run.
type Files struct {
	mu       sync.Mutex
	resolved map[resolveKey]resolvedPath
	lstats   map[string]lstatEntry
	reads    map[string]fileEntry
	checks   map[string]*sourceCheck
}

type resolveKey struct {
	root, abs string
	follow    bool
}

type resolvedPath struct {
	real string
	err  error
}

type lstatEntry struct {
	fi  fs.FileInfo
	err error
}

// NewFiles returns an empty snapshot.
func NewFiles() *Files {
	return &Files{
		resolved: map[resolveKey]resolvedPath{},
		lstats:   map[string]lstatEntry{},
		reads:    map[string]fileEntry{},
		checks:   map[string]*sourceCheck{},
	}
}

// resolve is resolveInTree, remembered.
func (f *Files) resolve(root, abs string, follow bool) (string, error) {
	k := resolveKey{root, abs, follow}
	f.mu.Lock()
	r, ok := f.resolved[k]
	f.mu.Unlock()
	if ok {
		return r.real, r.err
	}
	r.real, r.err = resolveInTree(root, abs, follow)
	f.mu.Lock()
	f.resolved[k] = r
	f.mu.Unlock()
	return r.real, r.err
}

// lstat is os.Lstat, remembered.
func (f *Files) lstat(p string) (fs.FileInfo, error) {
	f.mu.Lock()
	e, ok := f.lstats[p]
	f.mu.Unlock()
	if ok {
		return e.fi, e.err
	}
	e.fi, e.err = os.Lstat(p)
	f.mu.Lock()
	f.lstats[p] = e
	f.mu.Unlock()
	return e.fi, e.err
}

// read returns what load returns for abs, calling it once per path.
func (f *Files) read(abs string, load func() ([]byte, error)) ([]byte, error) {
	f.mu.Lock()
	e, ok := f.reads[abs]
	f.mu.Unlock()
	if ok {
		return e.data, e.err
	}
	e.data, e.err = load()
	f.mu.Lock()
	f.reads[abs] = e
	f.mu.Unlock()
	return e.data, e.err
}

// check is checkSource, remembered per path: within a snapshot a path's
// content does not change.
func (f *Files) check(name string, data []byte) *sourceCheck {
	f.mu.Lock()
	c, ok := f.checks[name]
	f.mu.Unlock()
	if ok {
		return c
	}
	c = checkSource(name, data)
	f.mu.Lock()
	f.checks[name] = c
	f.mu.Unlock()
	return c
}
