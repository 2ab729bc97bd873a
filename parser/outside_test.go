package parser

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/servelint/servelint/internal/testfs"
)

// A script of the repository outside the linted directory that sources an
// env file of it keeps the file uncovered (no fix may delete a key it
// reads); a copy of the repository elsewhere in it, reading its own copy
// of the file, does not.
func TestOutsideReader(t *testing.T) {
	top, write := treeWriter(t)
	write(".git/HEAD", "ref: refs/heads/main\n")
	write("scripts/serve.env", "MAX_NUM_SEQS=8\nCALIB_SEQS=${MAX_NUM_SEQS}\n")
	write("scripts/serve.sh", "#!/bin/bash\n. \"$(dirname \"$0\")/serve.env\"\nexec vllm serve /m --max-num-seqs \"$MAX_NUM_SEQS\"\n")
	write("copy/scripts/serve.env", "MAX_NUM_SEQS=8\n")
	write("copy/scripts/serve.sh", "#!/bin/bash\n. \"$(dirname \"$0\")/serve.env\"\necho \"$CALIB_SEQS\"\n")
	env := filepath.Join(top, "scripts/serve.env")

	u := Load(LoadOptions{Paths: []string{filepath.Join(top, "scripts")}})
	if !u.Covered(env) || u.OutsideReader(env) != "" {
		t.Fatalf("a copy reading its own serve.env made scripts/serve.env uncovered (reader %q)", u.OutsideReader(env))
	}

	write("tools/calib.sh", "#!/bin/bash\n. \"$(dirname \"$0\")/../scripts/serve.env\"\necho \"$CALIB_SEQS\"\n")
	outsideTrees.Lock()
	delete(outsideTrees.m, top) // the tree changed within the TTL
	outsideTrees.Unlock()
	u = Load(LoadOptions{Paths: []string{filepath.Join(top, "scripts")}})
	if u.Covered(env) {
		t.Fatal("tools/calib.sh sources scripts/serve.env, yet linting scripts/ covered it")
	}
	if got, want := u.OutsideReader(env), filepath.Join(top, "tools/calib.sh"); got != want {
		t.Fatalf("OutsideReader = %q, want %q", got, want)
	}
	// Linting the whole repository covers it: its readers are all loaded.
	if u := Load(LoadOptions{Paths: []string{top}}); !u.Covered(env) {
		t.Fatal("linting the repository's root did not cover scripts/serve.env")
	}
}

// A script outside the linted directory whose source path the model
// cannot resolve counts as a reader only when its word names the file.
func TestOutsideReaderUnresolved(t *testing.T) {
	top, write := treeWriter(t)
	write(".git/HEAD", "ref: refs/heads/main\n")
	write("scripts/serve.env", "MAX_NUM_SEQS=8\n")
	write("tools/a.sh", "#!/bin/bash\n# reads serve.env through $CONF\n. \"$CONF\"\n")
	env := filepath.Join(top, "scripts/serve.env")
	if u := Load(LoadOptions{Paths: []string{filepath.Join(top, "scripts")}}); !u.Covered(env) {
		t.Fatal(`source "$CONF" in a script that names serve.env elsewhere made it uncovered`)
	}
	write("tools/b.sh", "#!/bin/bash\n. \"${ROOT}/scripts/serve.env\"\n")
	outsideTrees.Lock()
	delete(outsideTrees.m, top)
	outsideTrees.Unlock()
	if u := Load(LoadOptions{Paths: []string{filepath.Join(top, "scripts")}}); u.Covered(env) {
		t.Fatal(`source "${ROOT}/scripts/serve.env" with ROOT unknown did not count as a reader`)
	}
}

// A script outside the linted directory on which the model fails is taken
// to read the env file it names: before, the panic reached the rule that
// asked (envowner's internal error), and its findings were lost.
func TestOutsideReaderModelPanics(t *testing.T) {
	top, write := treeWriter(t)
	write(".git/HEAD", "ref: refs/heads/main\n")
	write("scripts/serve.env", "MAX_NUM_SEQS=8\n")
	write("scripts/serve.sh", "#!/bin/bash\n. \"$(dirname \"$0\")/serve.env\"\nexec vllm serve /m --max-num-seqs \"$MAX_NUM_SEQS\"\n")
	write("tools/odd.sh", "#!/bin/bash\n. ../scripts/serve.env\n")
	saved := outsideLoad
	outsideLoad = func(string) *Unit { panic("index out of range") }
	defer func() { outsideLoad = saved }()
	env := filepath.Join(top, "scripts/serve.env")
	u := Load(LoadOptions{Paths: []string{filepath.Join(top, "scripts")}})
	if r := u.OutsideReader(env); r != filepath.Join(top, "tools/odd.sh") || u.Covered(env) {
		t.Fatalf("reader %q, covered %v; want tools/odd.sh, uncovered", r, u.Covered(env))
	}
}

// TestOutsideReaderBytesBound: the scripts of the work tree the look for
// outside readers holds are bounded in bytes, not only in number (400
// scripts of 2 MiB beside a linted directory of one small script made 800
// MB of heap); past the bound every env file there counts as read
// outside, the safe answer, and nothing is held.
func TestOutsideReaderBytesBound(t *testing.T) {
	top := t.TempDir()
	for rel, text := range map[string]string{
		".git/HEAD":         "ref: refs/heads/main\n",
		"scripts/serve.env": "MAX_NUM_SEQS=8\n",
		"scripts/serve.sh":  "#!/bin/bash\n. \"$(dirname \"$0\")/serve.env\"\nexec vllm serve /m --max-num-seqs \"$MAX_NUM_SEQS\"\n",
		"junk/a.sh":         "#" + strings.Repeat("x", 3000) + "\n",
		"junk/b.sh":         "#" + strings.Repeat("x", 3000) + "\n",
	} {
		p := filepath.Join(top, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	defer func(n int) { outsideBytes = n }(outsideBytes)
	outsideBytes = 4000
	env := filepath.Join(top, "scripts/serve.env")
	u := Load(LoadOptions{Paths: []string{filepath.Join(top, "scripts")}})
	if u.Covered(env) || !strings.Contains(u.OutsideReader(env), "too many") {
		t.Errorf("past the bound: covered %v, reader %q", u.Covered(env), u.OutsideReader(env))
	}
	if tr := treeOf(top); len(tr.scripts) != 0 {
		t.Errorf("%d scripts held past the bound", len(tr.scripts))
	}
}

// TestOutsideTreesPruned: the language server reads the trees of many
// repositories over a session; an expired tree (up to outsideBytes of
// scripts) is dropped when another tree is read, not kept for the process's
// life.
func TestOutsideTreesPruned(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	old := &outsideTree{at: time.Now().Add(-2 * outsideTTL)}
	old.once.Do(func() {})
	outsideTrees.Lock()
	outsideTrees.m[a] = old
	outsideTrees.Unlock()
	treeOf(b)
	outsideTrees.Lock()
	_, kept := outsideTrees.m[a]
	_, read := outsideTrees.m[b]
	delete(outsideTrees.m, b)
	outsideTrees.Unlock()
	if kept || !read {
		t.Errorf("expired tree kept: %v; new tree held: %v", kept, read)
	}
}

// TestOutsideReaderFirstInOrder: with many candidates (scripts that name
// the file's base name, most reading their own copy), loaded on several
// workers, the reader reported is the first in the walk's order, as one
// worker finds it, and a tree with none has none.
func TestOutsideReaderFirstInOrder(t *testing.T) {
	top, write := treeWriter(t)
	write(".git/HEAD", "ref: refs/heads/main\n")
	write("scripts/serve.env", "MAX_NUM_SEQS=8\n")
	own := "#!/bin/bash\n. \"$(dirname \"$0\")/serve.env\"\nexec vllm serve /m --max-num-seqs \"$MAX_NUM_SEQS\"\n"
	for i := range 40 {
		write(filepath.Join("copies", fmt.Sprintf("c%02d", i), "serve.sh"), own)
	}
	env := filepath.Join(top, "scripts/serve.env")
	u := Load(LoadOptions{Paths: []string{filepath.Join(top, "scripts")}})
	if r := u.OutsideReader(env); r != "" || !u.Covered(env) {
		t.Fatalf("copies reading their own serve.env: reader %q", r)
	}
	reader := "#!/bin/bash\n. \"$(dirname \"$0\")/../../scripts/serve.env\"\necho \"$MAX_NUM_SEQS\"\n"
	write("copies/c17/read.sh", reader)
	write("copies/c33/read.sh", reader)
	outsideTrees.Lock()
	delete(outsideTrees.m, top) // the tree changed within the TTL
	outsideTrees.Unlock()
	u = Load(LoadOptions{Paths: []string{filepath.Join(top, "scripts")}})
	if got, want := u.OutsideReader(env), filepath.Join(top, "copies/c17/read.sh"); got != want {
		t.Fatalf("OutsideReader = %q, want the first reader %q", got, want)
	}
}

// treeWriter returns a new directory and a func writing a file under it
// (testfs.Write).
func treeWriter(t *testing.T) (string, func(rel, text string)) {
	top := t.TempDir()
	return top, func(rel, text string) { testfs.Write(t, filepath.Join(top, rel), text) }
}
