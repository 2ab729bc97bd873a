package parser

import (
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/servelint/servelint/internal/testfs"
)

// oneWalk is the walk as one filepath.WalkDir of the whole tree does it:
// the reference walkDir's parallel walk must match.
func oneWalk(root string, opts *LoadOptions) []string {
	var out []string
	_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err // the test's tree has no unreadable entry
		}
		if d.IsDir() {
			if path != root && skipDir(d.Name(), path, opts) {
				return fs.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() && !opts.excluded(path) {
			if k := Classify(path); k != KindNone {
				out = append(out, path)
			}
		}
		return nil
	})
	return out
}

// TestWalkOrder: the parallel walk hands over the same files in the same
// order as one walk of the tree, at any number of workers, skipping .git,
// vendor, node_modules and excluded paths at the root and below, never
// following a symlink inside the tree.
func TestWalkOrder(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"top.sh": "#!/bin/bash\n", "top.env": "A=1\n", "noext": "#!/bin/sh\necho\n", "README.md": "x\n",
		".git/hooks/pre-commit.sh": "#!/bin/bash\n", "vendor/v.sh": "#!/bin/bash\n", "node_modules/n.sh": "#!/bin/bash\n",
		"a/run.sh": "#!/bin/bash\n", "a/run.env": "B=1\n", "a/.git/x.sh": "#!/bin/bash\n", "a/vendor/y.sh": "#!/bin/bash\n",
		"a/b/c/deep.sh": "#!/bin/bash\n", "a/b/launch": "#!/usr/bin/env bash\n", "a/b/data.txt": "x\n",
		"skipme/s.sh": "#!/bin/bash\n", "z/skip.sh": "#!/bin/bash\n", "z/keep.sh": "#!/bin/bash\n", ".ci/ci.sh": "#!/bin/bash\n",
	}
	testfs.Tree(t, root, files)
	if err := os.Symlink(filepath.Join(root, "a"), filepath.Join(root, "alink")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "top.sh"), filepath.Join(root, "a", "flink.sh")); err != nil {
		t.Fatal(err)
	}
	opts := &LoadOptions{Exclude: []string{filepath.Join(root, "skipme"), "skip.sh"}}
	want := oneWalk(root, opts)
	if len(want) != 9 {
		t.Fatalf("reference walk found %d files: %q", len(want), want)
	}
	for _, jobs := range []int{1, 2, 8} {
		opts.Jobs = jobs
		u := &Unit{}
		var got []string
		walkDir(root, opts, u, func(p string, _ FileKind, _ int64) { got = append(got, p) })
		if !slices.Equal(got, want) || len(u.Errors) > 0 {
			t.Errorf("-j %d: %q (errors %v), want %q", jobs, got, u.Errors, want)
		}
	}
}

// TestSymlinkedRoot: a directory named on the command line through a
// symlink is linted (it was silently empty: exit 0, nothing read); a
// symlinked directory inside it is still not followed.
func TestSymlinkedRoot(t *testing.T) {
	dir := testfs.NewTree(t, map[string]string{"real/run.sh": "#!/bin/bash\necho\n", "other/o.sh": "#!/bin/bash\necho\n"})
	if err := os.Symlink(filepath.Join(dir, "real"), filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "other"), filepath.Join(dir, "real", "inner")); err != nil {
		t.Fatal(err)
	}
	u := Load(LoadOptions{Paths: []string{filepath.Join(dir, "link")}})
	var got []string
	for _, s := range u.Scripts {
		got = append(got, s.Path)
	}
	if want := []string{filepath.Join(dir, "link", "run.sh")}; !slices.Equal(got, want) {
		t.Errorf("scripts %q, want %q", got, want)
	}
}

// TestPastTotal: the files past MaxTotalSize are those after the bound in
// the order given; a file over MaxFileSize is not read and does not count.
func TestPastTotal(t *testing.T) {
	opts := &LoadOptions{MaxFileSize: 100, MaxTotalSize: 150}
	sizes := map[string]int64{"a": 60, "big": 500, "b": 60, "c": 40, "d": 1}
	got := pastTotal([]string{"a", "big", "b", "c", "d"}, sizes, opts)
	if want := map[string]int64{"c": 40, "d": 1}; !maps.Equal(got, want) {
		t.Errorf("past the total: %v, want %v", got, want)
	}
	if got := pastTotal([]string{"a", "b"}, sizes, opts); got != nil {
		t.Errorf("under the total: %v", got)
	}
}

// TestNamedPastTotal: the files a script sources that the walk did not
// take (not env or script names) count against MaxTotalSize after the
// walked ones, each once, in the order the scripts name them: the ones past
// it are reported, not parsed. They were bounded one by one only.
func TestNamedPastTotal(t *testing.T) {
	dir := t.TempDir()
	body := strings.Repeat("K=vvvvvvvv\n", 10) // 110 bytes
	script := "#!/bin/bash\n. \"$(dirname \"$0\")/a.txt\"\n. \"$(dirname \"$0\")/b.txt\"\n. \"$(dirname \"$0\")/a.txt\"\n. \"$(dirname \"$0\")/c.txt\"\nexec vllm serve m\n"
	for name, text := range map[string]string{"run.sh": script, "a.txt": body, "b.txt": body, "c.txt": body} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		limit int64
		past  []string
	}{
		{int64(len(script)) + 150, []string{"b.txt", "c.txt"}}, // a.txt (110) fits, b.txt passes
		{int64(len(script)) + 330, nil},                        // a.txt again is not counted twice
		{int64(len(script)) + 400, nil},
	} {
		u := Load(LoadOptions{Paths: []string{filepath.Join(dir, "run.sh")}, MaxTotalSize: tc.limit})
		var past []string
		for _, p := range u.EnvTooBig {
			if !strings.Contains(p.Msg, "--max-total-size") {
				t.Errorf("%s: %s", p.Path, p.Msg)
			}
			past = append(past, filepath.Base(p.Path))
		}
		slices.Sort(past)
		if !slices.Equal(past, tc.past) {
			t.Errorf("limit %d: past the total %q, want %q", tc.limit, past, tc.past)
		}
		loaded := map[string]bool{}
		for _, e := range u.Envs {
			loaded[filepath.Base(e.Path)] = true
		}
		for _, p := range tc.past {
			if loaded[p] {
				t.Errorf("limit %d: %s was parsed", tc.limit, p)
			}
		}
		if !loaded["a.txt"] {
			t.Errorf("limit %d: a.txt not loaded: %v", tc.limit, loaded)
		}
	}
}

// TestWalkedKey: the key of a walked file, built from the root's real path
// alone, is the one resolving its directory gives (Load's key), for a root
// named as ".", relatively, absolutely, and through a symlink; and a file
// named twice (the tree and a file in it through the link) is one file.
func TestWalkedKey(t *testing.T) {
	dir := testfs.NewTree(t, map[string]string{"real/run.sh": "#!/bin/bash\necho\n", "real/a/b/deep.sh": "#!/bin/bash\necho\n", "real/a/x.env": "A=1\n"})
	if err := os.Symlink(filepath.Join(dir, "real"), filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	var r resolver
	key := func(wd string) func(string) string {
		return func(p string) string {
			if !filepath.IsAbs(p) {
				p = filepath.Join(wd, p)
			}
			d, base := filepath.Split(p)
			real, err := r.realDir(d)
			if err != nil {
				t.Fatalf("realDir(%s): %v", d, err)
			}
			return filepath.Join(real, base)
		}
	}
	for _, tc := range []struct{ wd, root string }{
		{filepath.Join(dir, "real"), "."}, {dir, "real"}, {dir, "link"}, {"/", filepath.Join(dir, "link")}, {filepath.Join(dir, "link"), "."},
	} {
		t.Chdir(tc.wd)
		k := key(tc.wd)
		wk := walkedKey(tc.root, tc.wd, &r, k)
		n := 0
		walkDir(tc.root, &LoadOptions{Jobs: 2}, &Unit{}, func(p string, _ FileKind, _ int64) {
			n++
			if got, want := wk(p), k(p); got != want || !strings.HasPrefix(got, filepath.Join(dir, "real")+string(filepath.Separator)) {
				t.Errorf("root %s in %s: %s keyed %s, want %s", tc.root, tc.wd, p, got, want)
			}
		})
		if n != 3 {
			t.Errorf("root %s in %s: walked %d files, want 3", tc.root, tc.wd, n)
		}
	}
	u := Load(LoadOptions{Paths: []string{filepath.Join(dir, "link"), filepath.Join(dir, "real", "run.sh")}})
	if len(u.Scripts) != 2 {
		var got []string
		for _, s := range u.Scripts {
			got = append(got, s.Path)
		}
		t.Errorf("scripts %q, want run.sh once and deep.sh", got)
	}
}
