package parser

import (
	"io/fs"
	"os"
	"path/filepath"
	"sync"
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

// dir is eval for a directory, remembered.
func (r *resolver) dir(d string) (string, error) {
	r.mu.Lock()
	v, ok := r.dirs[d]
	r.mu.Unlock()
	if ok {
		return v.real, v.err
	}
	real, err := r.eval(d)
	r.mu.Lock()
	if r.dirs == nil {
		r.dirs = map[string]resolved{}
	}
	r.dirs[d] = resolved{real, err}
	r.mu.Unlock()
	return real, err
}
