package parser

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/servelint/servelint/internal/testfs"
)

// TestScriptNear: a script run by base name is found in the caller's
// directory first, else the first in path order of its parent, children and
// siblings; never the caller itself, never further away.
func TestScriptNear(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{}
	for _, p := range []string{
		"a/x/run.sh", "a/x/self.sh",
		"a/x/same.sh", "a/y/same.sh", // same directory wins over a sibling
		"a/up.sh",                    // the parent
		"a/x/sub/down.sh",            // a child
		"a/w/side.sh", "a/y/side.sh", // siblings: the first in path order
		"a/x/sub/mix.sh", "a/v/mix.sh", // a sibling before a child in path order
		"far.sh", "b/z/far.sh", // a grandparent, a cousin: too far
	} {
		files[p] = "#!/bin/bash\necho\n"
	}
	testfs.Tree(t, root, files)
	u := Load(LoadOptions{Paths: []string{root}})
	from := u.ScriptAt(filepath.Join(root, "a/x/run.sh"))
	if from == nil {
		t.Fatal("a/x/run.sh not loaded")
	}
	for base, want := range map[string]string{
		"same.sh": "a/x/same.sh", "up.sh": "a/up.sh", "down.sh": "a/x/sub/down.sh",
		"side.sh": "a/w/side.sh", "mix.sh": "a/v/mix.sh",
		"far.sh": "", "run.sh": "", "echo": "",
	} {
		got := ""
		if s := u.ScriptNear(from, base); s != nil {
			got, _ = filepath.Rel(root, s.Path)
		}
		if got != filepath.FromSlash(want) {
			t.Errorf("ScriptNear(a/x/run.sh, %s) = %q, want %q", base, got, want)
		}
	}
	self := u.ScriptAt(filepath.Join(root, "a/x/self.sh"))
	if s := u.ScriptNear(self, "self.sh"); s != nil {
		t.Errorf("ScriptNear(self.sh, self.sh) = %s, want nil: a script does not run itself", s.Path)
	}
}

// TestLinkOrder: the env files link loads are recorded in link's order,
// script by script, whatever was read ahead of it: here a.sh's same-stem
// a.env (a directory: an error) comes before b.sh's sourced bdir.env
// (also a directory), as when link read each in turn.
func TestLinkOrder(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		"ord/a.sh":       "#!/bin/bash\n. ./missing.env\necho a\n",
		"ord/a.env/x":    "",
		"ord/b.sh":       "#!/bin/bash\n. \"$(dirname \"$0\")/bdir.env\"\necho b\n",
		"ord/bdir.env/x": "",
	})
	u := Load(LoadOptions{Paths: []string{root}, Jobs: 2})
	var got []string
	for _, err := range u.Errors {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			got = append(got, filepath.Base(pe.Path))
		}
	}
	if strings.Join(got, " ") != "a.env bdir.env" {
		t.Errorf("errors in the order %q, want a.env then bdir.env:\n%v", got, u.Errors)
	}
}
