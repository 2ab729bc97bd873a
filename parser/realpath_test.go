package parser

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/servelint/servelint/internal/testfs"
)

// TestResolverAgrees: the remembering resolver answers what
// filepath.EvalSymlinks answers (the path, or whether it does not exist) on
// plain paths, symlinked directories in the middle of a path, relative and
// absolute links, links with "..", dangling links, loops, a file under a
// file, and relative paths, asked in any order and more than once.
func TestResolverAgrees(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		"repo/a/run.env":    "A=1\n",
		"repo/b/x.env":      "B=1\n",
		"elsewhere/s.env":   "S=1\n",
		"repo/file":         "not a dir\n",
		"repo/deep/c/d.env": "D=1\n",
	})
	link := func(target, name string) {
		t.Helper()
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	link("a", "repo/alink")                            // relative dir link
	link(filepath.Join(root, "elsewhere"), "repo/out") // absolute dir link out
	link("../elsewhere/s.env", "repo/s.env")           // file link with ..
	link("../b/x.env", "repo/a/x.env")                 // file link to a sibling
	link("missing", "repo/dangling")                   // dangling
	link("loop2", "repo/loop1")
	link("loop1", "repo/loop2")
	link("deep/c/..", "repo/up") // dir link whose target climbs back
	paths := []string{
		"repo/a/run.env", "repo/alink/run.env", "repo/alink/x.env", "repo/out/s.env",
		"repo/s.env", "repo/a/x.env", "repo/dangling", "repo/dangling/x.env",
		"repo/loop1", "repo/loop1/x.env", "repo/file/x.env", "repo/missing.env",
		"repo/missing/x.env", "repo/up/d.env", "repo/up/c/d.env", "repo/deep/c/d.env",
		"repo/alink", "repo", ".",
	}
	var r resolver
	check := func(p string) {
		t.Helper()
		want, werr := filepath.EvalSymlinks(p)
		got, gerr := r.eval(p)
		if (werr == nil) != (gerr == nil) || errors.Is(werr, fs.ErrNotExist) != errors.Is(gerr, fs.ErrNotExist) || got != want {
			t.Errorf("%s: resolver %q, %v; EvalSymlinks %q, %v", p, got, gerr, want, werr)
		}
	}
	for range 2 {
		for _, p := range paths {
			check(filepath.Join(root, p))
		}
	}
	t.Chdir(root)
	for _, p := range paths {
		check(filepath.Clean(p))
	}
}

// TestRealDirAgrees: realDir answers what RealPath answers (the path, or
// an error) for the directory names Load's key asks, ending in a
// separator: plain directories, symlinked ones and ones below them, a file
// or a link to a file named as a directory, dangling links and loops,
// missing directories, asked in any order and more than once.
func TestRealDirAgrees(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		"repo/a/run.env":    "A=1\n",
		"elsewhere/s.env":   "S=1\n",
		"repo/file":         "not a dir\n",
		"repo/deep/c/d.env": "D=1\n",
	})
	link := func(target, name string) {
		t.Helper()
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	link("a", "repo/alink")
	link(filepath.Join(root, "elsewhere"), "repo/out")
	link("file", "repo/flink")
	link("missing", "repo/dangling")
	link("loop2", "repo/loop1")
	link("loop1", "repo/loop2")
	link("deep/c/..", "repo/up")
	dirs := []string{
		"repo/a", "repo/alink", "repo/out", "repo/file", "repo/flink", "repo/dangling",
		"repo/loop1", "repo/up", "repo/up/c", "repo/deep/c", "repo/alink/x", "repo/file/x",
		"repo/missing", "repo/missing/x", "repo/out/y", "repo", "",
	}
	var r resolver
	for range 2 {
		for _, d := range dirs {
			dir := filepath.Join(root, d) + string(filepath.Separator)
			want, werr := RealPath(dir)
			got, gerr := r.realDir(dir)
			if (werr == nil) != (gerr == nil) || got != want {
				t.Errorf("%s: realDir %q, %v; RealPath %q, %v", dir, got, gerr, want, werr)
			}
		}
	}
}
