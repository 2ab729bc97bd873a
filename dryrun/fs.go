package dryrun

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/fsread"
	"github.com/servelint/servelint/parser"
)

// maxFileSize bounds any file the evaluator reads from the linted tree.
const maxFileSize = 8 << 20

// errOutsideTree is the reason given for any access outside Options.Root.
var errOutsideTree = errors.New("outside the linted tree (servelint dry-run sandbox)")

// errSymlinkLoop is returned when in-tree symlinks do not resolve.
var errSymlinkLoop = errors.New("too many levels of symbolic links")

// within reports whether the clean absolute path p is root or below it.
func within(root, p string) bool {
	// Not HasPrefix(p, root+sep): that concatenation was a string per
	// call, 1.3% of a lint run's allocations (pprof alloc_objects on
	// 1,600 repos), for every path the sandbox looks at.
	return p == root || len(p) > len(root) && p[len(root)] == filepath.Separator && strings.HasPrefix(p, root)
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
func resolveInTree(root, abs string, followLast bool, lstat func(string) (fs.FileInfo, error)) (string, error) {
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
		fi, err := lstat(next)
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
	// Looked at before it is opened: a FIFO, device or socket is never
	// opened, even without blocking.
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
	tooBig := &os.PathError{Op: "read", Path: p, Err: fmt.Errorf("larger than %d bytes", maxFileSize)}
	if fi.Size() > maxFileSize {
		return nil, tooBig
	}
	// Then read without following a symlink and with the type checked
	// again on the open file (open, fstat, read: not os.Open's poller).
	data, err := fsread.ReadRegular(p, maxFileSize)
	if tb := (*fsread.TooBigError)(nil); errors.As(err, &tb) {
		return nil, tooBig
	}
	return data, err
}

// fakeInfo is the FileInfo the sandbox gives for paths it answers without
// touching the disk: directories a script cd'ed into outside the tree, and
// files that exist only in an Options.ReadFile overlay.
type fakeInfo struct {
	name string
	size int64
	dir  bool
	// perm, when not 0, is a file's permission bits (0o644 otherwise).
	perm fs.FileMode
}

func (f fakeInfo) Name() string { return f.name }
func (f fakeInfo) Size() int64  { return f.size }
func (f fakeInfo) Mode() fs.FileMode {
	if f.dir {
		return fs.ModeDir | 0o755
	}
	if f.perm != 0 {
		return f.perm
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

// sharedTmpDir is the TMPDIR of every evaluation without a private one:
// a path under the null device, where nothing can be created.
var sharedTmpDir = filepath.Join(os.DevNull, "servelint-tmp")

// sandboxTmpDir returns the TMPDIR the interpreter gets, and how to clean it
// up. interp opens "$TMPDIR/sh-interp-*" and makes process-substitution
// FIFOs there with no handler involved, so it must name a directory in which
// nothing can ever be created. A path below /dev/null is one: creating
// anything there fails with ENOTDIR, for every user, root included, and
// there is nothing to make or remove. Where /dev/null is not a device, a
// never-created child of a private 0700 temp dir is used instead.
func sandboxTmpDir(private bool) (string, func() error, error) {
	if !private && nullIsDevice() {
		return sharedTmpDir, func() error { return nil }, nil
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
	resolved memo[resolveKey, resolvedPath]
	lstats   memo[string, lstatEntry]
	reads    memo[string, fileEntry]
	checks   memo[string, *sourceCheck]
	envs     memo[[2]string, *sandboxEnv]
	sourced  memo[string, []byte]
	// children holds the rewritten tree of each script a mode runs
	// (childScript), by path and forced engine: parsed once for the modes
	// of a script, not once a run (pprof: 2.5% of a lint's CPU on 100
	// repos). interp reads a tree and never changes it.
	children memo[[2]string, *childTree]
}

// childTree is a child script's tree as the sandbox runs it, nil when it
// does not parse as it did, and whether it may start an engine (mayLaunch).
type childTree struct {
	f       *syntax.File
	launchy bool
}

// varsPool holds emptied Runner.Vars maps for the next runs. At the end of
// each Run interp copies every variable into Runner.Vars (maps.Insert),
// which nothing of ours reads: pprof alloc_space on 1,600 repos put that
// map's growth at 5% of every byte, and, once made with room for the
// variables (minVars), its making at 5% still (one 32-slot table per run).
// Reset keeps a Vars map it is given, emptied, so a run takes one from
// here and its goroutine gives it back when it is done with the runner.
var varsPool = sync.Pool{New: func() any { return make(map[string]expand.Variable, minVars) }}

// minVars sizes a new Vars map for the 15 to 28 variables most runs end
// with (the sandbox's, interp's own and the script's): one table of 32
// slots, where an empty map grew through 8, 16 and 32.
const minVars = 28

// maxPooledVars bounds the maps kept: one a script grew to thousands of
// variables is left to the collector rather than emptied for every run.
const maxPooledVars = 1024

func getVars() map[string]expand.Variable {
	return varsPool.Get().(map[string]expand.Variable)
}

// putVars empties m and keeps it for another run; m must not be used again.
func putVars(m map[string]expand.Variable) {
	if m == nil || len(m) > maxPooledVars {
		return
	}
	clear(m)
	varsPool.Put(m)
}

// sandboxEnv returns the starting environment of a script's evaluations
// with no Options.Env, built once: it is only read (interp writes to an
// overlay, and copies a list or map before changing it).
func (f *Files) sandboxEnv(script, tmpDir string) *sandboxEnv {
	return f.envs.get([2]string{script, tmpDir}, func() *sandboxEnv { return newSandboxEnv(script, tmpDir, nil) })
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

// memo remembers f's answer for each key; safe for concurrent use. Callers
// that ask for the same missing key at once wait for one computation (a
// script's first modes start together: each read, resolved and parsed the
// env file they source). A computation that panics panics for the callers
// that waited on it and is forgotten: the next caller computes again.
type memo[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]*memoEntry[V]
}

type memoEntry[V any] struct {
	once     sync.Once
	v        V
	done     bool // f returned
	panicked any  // f's panic, raised again for the callers that waited on it
}

var errMemoAbandoned = errors.New("dryrun: a cached computation did not return")

func (c *memo[K, V]) get(k K, f func() V) V {
	c.mu.Lock()
	e := c.m[k]
	if e == nil {
		if c.m == nil {
			c.m = map[K]*memoEntry[V]{}
		}
		e = &memoEntry[V]{}
		c.m[k] = e
	}
	c.mu.Unlock()
	e.once.Do(func() {
		defer func() {
			if r := recover(); r != nil {
				e.panicked = r
				c.mu.Lock()
				if c.m[k] == e {
					delete(c.m, k) // not an answer: the next caller computes again
				}
				c.mu.Unlock()
			}
		}()
		e.v = f()
		e.done = true
	})
	switch {
	case e.panicked != nil:
		panic(e.panicked)
	case !e.done:
		panic(errMemoAbandoned) // f left its goroutine (runtime.Goexit)
	}
	return e.v
}

// NewFiles returns an empty snapshot.
func NewFiles() *Files { return &Files{} }

// resolve is resolveInTree, remembered.
func (f *Files) resolve(root, abs string, follow bool) (string, error) {
	r := f.resolved.get(resolveKey{root, abs, follow}, func() resolvedPath {
		// The directories above the file are looked at once per run, not
		// once per file below them (strace on 1,600 repos: each repo's
		// directory was stat'd once per file it holds).
		real, err := resolveInTree(root, abs, follow, f.lstat)
		return resolvedPath{real, err}
	})
	return r.real, r.err
}

// lstat is os.Lstat, remembered.
func (f *Files) lstat(p string) (fs.FileInfo, error) {
	e := f.lstats.get(p, func() lstatEntry {
		fi, err := os.Lstat(p)
		return lstatEntry{fi, err}
	})
	return e.fi, e.err
}

// read returns what load returns for abs, calling it once per path.
func (f *Files) read(abs string, load func() ([]byte, error)) ([]byte, error) {
	e := f.reads.get(abs, func() fileEntry {
		data, err := load()
		return fileEntry{data, err}
	})
	return e.data, e.err
}

// sourcedText returns the text interp parses for a file being sourced (as
// bash reads it: BashComments, lazySourced with the script's callers),
// worked out once per file, not per mode (Files are shared by a script's
// modes, whose callers are the same).
func (f *Files) sourcedText(abs string, data []byte, callers []string) []byte {
	key := abs + "\x00" + strings.Join(callers, "\x00")
	return f.sourced.get(key, func() []byte {
		return lazySourced(libEngineJobs(inSubstSourced(ownBashSource(parser.BashComments(data), abs), fileTag(abs))), callers)
	})
}

// sourcedHostText is sourcedText with the operand of every file test
// marked (markHostText), for the runs that assume host paths (hosttest.go).
func (f *Files) sourcedHostText(abs string, data []byte, callers []string) []byte {
	key := abs + "\x00" + strings.Join(callers, "\x00") + "\x00host"
	return f.sourced.get(key, func() []byte { return markHostText(f.sourcedText(abs, data, callers)) })
}

// check is checkSource, remembered per path: within a snapshot a path's
// content does not change.
func (f *Files) check(name string, data []byte) *sourceCheck {
	return f.checks.get(name, func() *sourceCheck { return checkSource(name, data) })
}
