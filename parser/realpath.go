package parser

import (
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"syscall"
)

// resolver is filepath.EvalSymlinks with every path component it has
// resolved remembered. EvalSymlinks stats each component of a path in turn,
// so checking the env files of 1,600 repositories stat'ed /tmp, the tree
// and each repository again for every file (strace: 8,000 of a run's
// 12,500 stats). A component that is not a symlink resolves to its
// parent's resolution joined with its name, which is what EvalSymlinks
// computes for it; anything else (a symlink, "..", an unclean path) is
// left to EvalSymlinks itself.
type resolver struct {
	mu   sync.Mutex
	dirs map[string]resolved
	// files are evalFile's answers: an env file sourced by several
	// scripts was resolved for each of them, and again by realKey
	// (perf: 290 of a 100-repo lint's 1,270 lstat calls).
	files map[string]resolved
}

type resolved struct {
	real string
	err  error
}

// eval returns what filepath.EvalSymlinks(p) returns, or an error of the
// same kind (fs.ErrNotExist when it reports one).
func (r *resolver) eval(p string) (string, error) {
	base := filepath.Base(p)
	dir := filepath.Dir(p)
	if p != filepath.Clean(p) || base == "." || base == ".." || dir == p || filepath.VolumeName(p) != "" {
		return filepath.EvalSymlinks(p)
	}
	fi, err := os.Lstat(p)
	if err != nil {
		return "", err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		return filepath.EvalSymlinks(p)
	}
	d, err := r.dir(dir)
	if err != nil {
		return "", err
	}
	return filepath.Join(d, base), nil
}

// evalFile is eval, remembered: a linted tree does not change while
// it is loaded.
func (r *resolver) evalFile(p string) (string, error) { return r.remembered(&r.files, p) }

// dir is eval for a directory, remembered.
func (r *resolver) dir(d string) (string, error) { return r.remembered(&r.dirs, d) }

// remembered is eval(p), kept in *m.
func (r *resolver) remembered(m *map[string]resolved, p string) (string, error) {
	r.mu.Lock()
	v, ok := (*m)[p]
	r.mu.Unlock()
	if ok {
		return v.real, v.err
	}
	real, err := r.eval(p)
	r.mu.Lock()
	if *m == nil {
		*m = map[string]resolved{}
	}
	(*m)[p] = resolved{real, err}
	r.mu.Unlock()
	return real, err
}

// realDir returns what RealPath(dir) returns for dir, an absolute
// directory name ending in a separator (filepath.Split's), or an error
// whenever RealPath fails. Its parent comes from the remembered
// directories: Load's key resolved each script's directory with RealPath,
// which stats every component from the root (strace on 1,600 repos: /tmp,
// /tmp/r16 and the tree 1,700 to 3,700 times each, a quarter of a run's
// stat calls). A symlink, or a name that is not plain, is left to
// RealPath itself.
func (r *resolver) realDir(dir string) (string, error) {
	p := filepath.Clean(dir)
	base, parent := filepath.Base(p), filepath.Dir(p)
	if p+string(filepath.Separator) != dir || !filepath.IsAbs(p) || base == "." || base == ".." || parent == p || filepath.VolumeName(p) != "" {
		return RealPath(dir)
	}
	fi, err := os.Lstat(p)
	if err != nil {
		return "", err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		return RealPath(dir)
	}
	if !fi.IsDir() {
		// EvalSymlinks("/a/file/"): not a directory.
		return "", &fs.PathError{Op: "lstat", Path: p, Err: syscall.ENOTDIR}
	}
	d, err := r.dir(parent)
	if err != nil {
		return "", err
	}
	return filepath.Abs(filepath.Join(d, base))
}
