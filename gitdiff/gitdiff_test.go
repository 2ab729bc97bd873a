package gitdiff

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/rules"

	"github.com/servelint/servelint/internal/testfs"
)

func TestChangedAndOldLine(t *testing.T) {
	// Old file 1..10. Hunks: insert 2 lines after old 3 (new 4-5); modify
	// old 6 (new 8); delete old 9-10's line 9 (after new 10).
	f := &File{Status: Modified, Hunks: []Hunk{
		{OldStart: 3, OldCount: 0, NewStart: 4, NewCount: 2},
		{OldStart: 6, OldCount: 1, NewStart: 8, NewCount: 1},
		{OldStart: 9, OldCount: 1, NewStart: 10, NewCount: 0},
	}}
	tests := []struct {
		line    int
		changed bool
		old     int
	}{
		{1, false, 1}, {3, false, 3}, {4, true, 0}, {5, true, 0}, {6, false, 4}, {7, false, 5},
		{8, true, 0}, {9, false, 7}, {10, false, 8}, {11, false, 10},
	}
	for _, tt := range tests {
		if got := f.Changed(tt.line); got != tt.changed {
			t.Errorf("Changed(%d) = %v, want %v", tt.line, got, tt.changed)
		}
		old, ok := f.OldLine(tt.line)
		if ok == tt.changed || (ok && old != tt.old) {
			t.Errorf("OldLine(%d) = %d, %v; want %d, %v", tt.line, old, ok, tt.old, !tt.changed)
		}
	}
	nf := &File{Status: Untracked}
	if !nf.Changed(1) {
		t.Error("every line of an untracked file is changed")
	}
	if _, ok := nf.OldLine(1); ok {
		t.Error("an untracked file has no old lines")
	}
	var unchanged *File
	if unchanged.Changed(3) {
		t.Error("a nil File (unchanged) has changed lines")
	}
	if l, ok := unchanged.OldLine(3); !ok || l != 3 {
		t.Error("a nil File (unchanged) does not map lines to themselves")
	}
}

func TestParseHunks(t *testing.T) {
	c := &Changes{Root: "/r", Files: map[string]*File{
		"/r/a.sh":      {Path: "/r/a.sh", Status: Modified},
		"/r/sp ace.sh": {Path: "/r/sp ace.sh", Status: Modified},
	}}
	// Added lines that read like headers ("++ b/gone.sh" added, "-- a"
	// removed) are content: the hunk after them still belongs to a.sh.
	patch := "diff --git a/a.sh b/a.sh\nindex 1..2 100644\n--- a/a.sh\n+++ b/a.sh\n@@ -3 +3,2 @@ x\n--- a\n+++ b/gone.sh\n+new2\n\\ No newline at end of file\n@@ -10,2 +11,0 @@\n-gone\n-gone\n" +
		"diff --git a/sp ace.sh b/sp ace.sh\n--- a/sp ace.sh\n+++ b/sp ace.sh\n@@ -0,0 +1 @@\n+x\n" +
		"diff --git a/gone.sh b/gone.sh\n--- a/gone.sh\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n"
	if err := c.parseHunks([]byte(patch)); err != nil {
		t.Fatal(err)
	}
	want := []Hunk{{3, 1, 3, 2}, {10, 2, 11, 0}}
	if got := c.Files["/r/a.sh"].Hunks; !reflect.DeepEqual(got, want) {
		t.Errorf("hunks = %+v, want %+v", got, want)
	}
	if got := c.Files["/r/sp ace.sh"].Hunks; !reflect.DeepEqual(got, []Hunk{{0, 0, 1, 1}}) {
		t.Errorf("hunks of a path with a space = %+v", got)
	}
}

func TestKindAndExcluded(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		path string
		want FileKind
	}{
		{write("serve.sh", ""), KindScript},
		{write("x.bash", ""), KindScript},
		{write("a.env", ""), KindEnv},
		{write(".env", ""), KindEnv},
		{write(".env.local", ""), KindEnv},
		{write("boot", "#!/usr/bin/env bash\necho\n"), KindScript},
		{write("tool", "#!/usr/bin/env python3\n"), KindNone},
		{write("README.md", "#!/bin/bash\n"), KindNone},
	}
	for _, tt := range tests {
		if got := Kind(tt.path); got != tt.want {
			t.Errorf("Kind(%s) = %v, want %v", filepath.Base(tt.path), got, tt.want)
		}
	}
	globs := []string{"*.bak.sh", "vendor/**", "legacy/old.sh"}
	for p, want := range map[string]bool{
		"x.bak.sh": true, "a/b/x.bak.sh": true, "vendor/a/b.sh": true, "legacy/old.sh": true,
		"legacy/new.sh": false, "src/vendor/x.sh": false, "serve.sh": false,
	} {
		if got := Excluded(globs, p); got != want {
			t.Errorf("Excluded(%s) = %v, want %v", p, got, want)
		}
	}
}

// repo makes a git work tree in a temp dir; git runs it.
func repo(t *testing.T) (string, func(args ...string) string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.invalid",
			"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.invalid", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	git("init", "-q")
	return dir, git
}

func TestLoad(t *testing.T) {
	dir, git := repo(t)
	testfs.Write(t, filepath.Join(dir, "a.sh"), "1\n2\n3\n4\n")
	testfs.Write(t, filepath.Join(dir, "b.sh"), "b\n")
	testfs.Write(t, filepath.Join(dir, "gone.sh"), "x\n")
	testfs.Write(t, filepath.Join(dir, "old-name.sh"), "r1\nr2\nr3\nr4\nr5\n")
	testfs.Write(t, filepath.Join(dir, "staged.sh"), "s\n")
	git("add", "-A")
	git("commit", "-qm", "base")
	base := strings.TrimSpace(git("rev-parse", "HEAD"))

	testfs.Write(t, filepath.Join(dir, "a.sh"), "1\nnew\n2\n3\n4\n") // unstaged
	testfs.Write(t, filepath.Join(dir, "staged.sh"), "s\nt\n")
	git("add", "staged.sh")                                       // staged
	testfs.Write(t, filepath.Join(dir, "untracked.env"), "X=1\n") // untracked
	git("rm", "-q", "gone.sh")
	git("mv", "old-name.sh", "new-name.sh")
	testfs.Write(t, filepath.Join(dir, "committed.sh"), "c\n")
	git("add", "committed.sh")
	git("commit", "-qm", "more")

	ch, err := Load(dir, base)
	if err != nil {
		t.Fatal(err)
	}
	root := ch.Root
	got := map[string]Status{}
	for p, f := range ch.Files {
		rel, _ := filepath.Rel(root, p)
		got[rel] = f.Status
	}
	want := map[string]Status{"a.sh": Modified, "staged.sh": Modified, "untracked.env": Untracked, "new-name.sh": Renamed, "committed.sh": Added}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("changes = %v, want %v", got, want)
	}
	a := ch.File(filepath.Join(root, "a.sh"))
	if !a.Changed(2) || a.Changed(3) {
		t.Errorf("a.sh hunks = %+v", a.Hunks)
	}
	if l, ok := a.OldLine(4); !ok || l != 3 {
		t.Errorf("a.sh OldLine(4) = %d, %v; want 3", l, ok)
	}
	// Old contents come from git, under the new path for a rename.
	b, err := ch.ReadOld(filepath.Join(root, "a.sh"))
	if err != nil || string(b) != "1\n2\n3\n4\n" {
		t.Errorf("ReadOld(a.sh) = %q, %v", b, err)
	}
	b, err = ch.ReadOld(filepath.Join(root, "new-name.sh"))
	if err != nil || string(b) != "r1\nr2\nr3\nr4\nr5\n" {
		t.Errorf("ReadOld(new-name.sh) = %q, %v", b, err)
	}
	if _, err := ch.ReadOld(filepath.Join(root, "untracked.env")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadOld(untracked) = %v, want ErrNotExist", err)
	}
	b, err = ch.ReadOld(filepath.Join(root, "b.sh"))
	if err != nil || string(b) != "b\n" {
		t.Errorf("ReadOld(unchanged) = %q, %v", b, err)
	}
	// The work tree was not touched.
	if b, _ := os.ReadFile(filepath.Join(dir, "a.sh")); string(b) != "1\nnew\n2\n3\n4\n" {
		t.Errorf("a.sh in the work tree = %q", b)
	}

	var ue *UsageError
	if _, err := Load(dir, "no-such-rev"); !errors.As(err, &ue) {
		t.Errorf("Load(bad rev) = %v, want a UsageError", err)
	}
	if _, err := Load(dir, "--output=x"); !errors.As(err, &ue) {
		t.Errorf("Load(option as rev) = %v, want a UsageError", err)
	}
	if _, err := Load(t.TempDir(), "HEAD"); !errors.As(err, &ue) {
		t.Errorf("Load(not a repo) = %v, want a UsageError", err)
	}
}

// TestRunChanges lints a changed copy of a script: only the new finding is
// kept; a finding whose line moved is not new.
func TestRunChanges(t *testing.T) {
	dir, git := repo(t)
	env := "S_MAX_SEQS=8\nS_MAX_BATCHED_TOKENS=1024\nS_MAX_MODEL_LEN=4096\n"
	sh := `#!/usr/bin/env bash
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/s.env"
case "${1:?mode}" in
  serve) exec radiance serve /m --max-num-seqs "$S_MAX_SEQS" --max-num-batched-tokens "$S_MAX_BATCHED_TOKENS" --max-model-len "$S_MAX_MODEL_LEN" ;;
  bench) exec radiance serve /m --max-num-seqs "$S_MAX_SEQS" --max-num-batched-tokens 65536 --max-model-len "$S_MAX_MODEL_LEN" ;;
esac
`
	testfs.Write(t, filepath.Join(dir, "s.env"), env)
	testfs.Write(t, filepath.Join(dir, "s.sh"), sh)
	git("add", "-A")
	git("commit", "-qm", "base")
	t.Chdir(dir)

	opts := lint.Options{Config: rules.DefaultConfig(), Disable: []string{"argvdrift", "stepcost"}}
	g, err := Run(opts, "HEAD", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Linted) != 0 || len(g.Result.Findings) != 0 {
		t.Fatalf("nothing changed, yet linted %v: %+v", g.Linted, g.Result.Findings)
	}

	// Move bench down two lines and add a private seat count in serve.
	sh2 := strings.Replace(sh, "case", "# moved\n# down\ncase", 1)
	sh2 = strings.Replace(sh2, `serve) exec radiance serve /m --max-num-seqs "$S_MAX_SEQS"`, `serve) exec radiance serve /m --max-num-seqs 4`, 1)
	testfs.Write(t, filepath.Join(dir, "s.sh"), sh2)
	g, err = Run(opts, "HEAD", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g.Linted, []string{"s.sh"}) {
		t.Errorf("linted %v, want [s.sh]", g.Linted)
	}
	if len(g.Result.Findings) != 1 || g.Result.Findings[0].Line != 7 || g.Result.Findings[0].Rule != "privateshape" {
		t.Errorf("findings = %+v, want the one privateshape on line 7", g.Result.Findings)
	}
	if g.Dropped != 1 {
		t.Errorf("dropped %d findings, want 1 (bench's, moved from line 6 to 8)", g.Dropped)
	}

	// A changed env file: the script that reads it is linted, and a
	// finding it causes on an unchanged line of the script is new.
	git("checkout", "-q", "--", "s.sh")
	testfs.Write(t, filepath.Join(dir, "s.env"), "S_MAX_SEQS=8\nS_MAX_BATCHED_TOKENS=1024\n")
	g, err = Run(opts, "HEAD", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g.Linted, []string{"s.env", "s.sh"}) {
		t.Errorf("linted %v, want [s.env s.sh]", g.Linted)
	}
	var got []string
	for _, f := range g.Result.Findings {
		got = append(got, f.File+":"+f.Rule)
	}
	if len(got) == 0 {
		t.Fatalf("no finding after S_MAX_MODEL_LEN left the env file")
	}
	for _, f := range g.Result.Findings {
		if f.File != "s.sh" || f.Rule != "envowner" || !strings.Contains(f.Message, "S_MAX_MODEL_LEN") {
			t.Errorf("unexpected finding %s:%d %s (%s)", f.File, f.Line, f.Message, f.Rule)
		}
	}
}

// baseRepo makes a repository whose first commit holds files, and enters it.
func baseRepo(t *testing.T, files map[string]string) (string, func(args ...string) string) {
	t.Helper()
	dir, git := repo(t)
	testfs.Tree(t, dir, files)
	git("add", "-A")
	git("commit", "-qm", "base")
	t.Chdir(dir)
	return dir, git
}

// gate runs the gate against HEAD with the static rules.
func gate(t *testing.T) *Gate {
	t.Helper()
	g, err := Run(lint.Options{Config: rules.DefaultConfig(), Disable: []string{"argvdrift", "stepcost"}}, "HEAD", nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestChangesDespiteAttributes: a pull request's .gitattributes marking
// scripts as binary, and a script name with a space, still give hunks, so
// a changed line's new finding is reported.
func TestChangesDespiteAttributes(t *testing.T) {
	sh := "#!/usr/bin/env bash\n. \"$(dirname \"$0\")/s.env\"\ncase $1 in\n  serve) exec radiance serve /m --max-num-seqs \"$S_MAX_SEQS\" ;;\n" +
		"  bench) exec radiance serve /m --max-num-seqs 16 --port 2 ;;\nesac\n"
	dir, _ := baseRepo(t, map[string]string{"s.env": "S_MAX_SEQS=8\n", "a b.sh": sh})
	testfs.Write(t, filepath.Join(dir, ".gitattributes"), "*.sh -diff\n")
	// bench's line already had a finding at the base (16); the change (4)
	// is a new finding on a changed line.
	testfs.Write(t, filepath.Join(dir, "a b.sh"), strings.Replace(sh, "16 --port 2", "4 --port 2", 1))
	g := gate(t)
	if len(g.Result.Findings) != 1 || g.Result.Findings[0].Rule != "privateshape" {
		t.Errorf("findings = %+v, want the new privateshape on the changed line", g.Result.Findings)
	}
}

// TestGateUnusedKey: a changed script that stops reading an owned key
// leaves it unused when no other reader uses it (the gate reports it), and
// not when a sibling script still does.
func TestGateUnusedKey(t *testing.T) {
	sh := "#!/usr/bin/env bash\n. \"$(dirname \"$0\")/r.env\"\nexec vllm serve /m --max-num-seqs \"$R_MAX_NUM_SEQS\" --max-model-len \"$R_MAX_MODEL_LEN\"\n"
	dir, git := baseRepo(t, map[string]string{"r.env": "R_MAX_NUM_SEQS=8\nR_MAX_MODEL_LEN=4096\n", "s.sh": sh})
	testfs.Write(t, filepath.Join(dir, "s.sh"), strings.Replace(sh, ` --max-model-len "$R_MAX_MODEL_LEN"`, "", 1))
	g := gate(t)
	if len(g.Result.Findings) != 1 || !strings.Contains(g.Result.Findings[0].Message, "R_MAX_MODEL_LEN owns --max-model-len but no script") {
		t.Errorf("findings = %+v, want the unused R_MAX_MODEL_LEN", g.Result.Findings)
	}
	// A sibling (committed, unchanged) still reads it: nothing to report.
	testfs.Write(t, filepath.Join(dir, "other.sh"), sh)
	git("add", "other.sh")
	git("commit", "-qm", "sibling")
	if g := gate(t); len(g.Result.Findings) != 0 {
		t.Errorf("findings = %+v, want none (other.sh uses the key)", g.Result.Findings)
	}
}

// TestGateOldUnusedKey: a key already unused at the base is not new when a
// reader changes elsewhere.
func TestGateOldUnusedKey(t *testing.T) {
	sh := "#!/usr/bin/env bash\n. \"$(dirname \"$0\")/r.env\"\nexec vllm serve /m --max-num-seqs \"$R_MAX_NUM_SEQS\"\n"
	dir, _ := baseRepo(t, map[string]string{"r.env": "R_MAX_NUM_SEQS=8\nR_MAX_MODEL_LEN=4096\n", "s.sh": sh})
	testfs.Write(t, filepath.Join(dir, "s.sh"), sh+"# a comment\n")
	if g := gate(t); len(g.Result.Findings) != 0 {
		t.Errorf("findings = %+v, want none (R_MAX_MODEL_LEN was unused at the base)", g.Result.Findings)
	}
}
