package lint_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/servelint/servelint/internal/testfs"
	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/rules"
)

// gitTopTree writes a repository whose scripts find its env file through
// `git rev-parse --show-toplevel` (a .git entry cannot be checked in under
// testdata/src: git refuses the name, so the tree is built here). dotGit is
// "dir" or "file" (a worktree's or submodule's .git file).
func gitTopTree(t *testing.T, dotGit string) string {
	t.Helper()
	dir := t.TempDir()
	write := func(rel, text string) { testfs.Write(t, filepath.Join(dir, rel), text) }
	if dotGit == "dir" {
		if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil {
			t.Fatal(err)
		}
	} else {
		write(".git", "gitdir: ../main/.git/worktrees/x\n")
	}
	write("env/s.env", "MAX_NUM_SEQS=64\nTP=2\n")
	tail := `case "${1:-serve}" in
  serve) extra=() ;;
  eval) extra=(--seed 0%s) ;;
  *) exit 2 ;;
esac
exec vllm serve /m --tensor-parallel-size "$TP" --max-num-seqs "$MAX_NUM_SEQS" "${extra[@]}"
`
	planted := strings.Replace(tail, "%s", " --max-num-seqs 32", 1)
	clean := strings.Replace(tail, "%s", "", 1)
	root := "#!/usr/bin/env bash\nset -euo pipefail\nROOT=$(git rev-parse --show-toplevel)\n. \"$ROOT/env/s.env\"\n"
	cd := "#!/usr/bin/env bash\nset -euo pipefail\ncd \"$(git rev-parse --show-toplevel)\"\n. env/s.env\n"
	write("scripts/root.sh", root+planted)
	write("scripts/cd.sh", cd+planted)
	write("scripts/root-clean.sh", root+clean)
	write("scripts/cd-clean.sh", cd+clean)
	return dir
}

// TestGitTopLevel: $(git rev-parse --show-toplevel) is the nearest
// directory above the script holding a .git entry, inside the linted tree:
// the env file it leads to owns the numbers (privateshape reports eval's
// own --max-num-seqs), and the dry run evaluates the modes (argvdrift
// compares them). Before, the static model linked no env file and every
// mode "could not be evaluated".
func TestGitTopLevel(t *testing.T) {
	for _, dotGit := range []string{"dir", "file"} {
		dir := gitTopTree(t, dotGit)
		res, err := lint.Run(lint.Options{Paths: []string{dir}, Config: rules.DefaultConfig(), Evaluator: testEvaluator})
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		for _, f := range res.Findings {
			base := filepath.Base(f.File)
			got[base+" "+f.Rule] = true
			if strings.HasSuffix(base, "-clean.sh") || strings.Contains(f.Message, "could not be evaluated") {
				t.Errorf("%s: %s:%d: unexpected: %s (%s)", dotGit, base, f.Line, f.Message, f.Rule)
			}
		}
		for _, want := range []string{"root.sh privateshape", "root.sh argvdrift", "cd.sh privateshape", "cd.sh argvdrift"} {
			if !got[want] {
				t.Errorf("%s: no %s finding; got %v", dotGit, want, got)
			}
		}
	}
}

// TestGitTopLevelOutsideTree: linted alone, scripts/ holds no .git: the
// work tree above it is outside the linted tree and is not looked for, so
// the env file stays unknown (as before) and nothing of it is reported.
func TestGitTopLevelOutsideTree(t *testing.T) {
	dir := gitTopTree(t, "dir")
	res, err := lint.Run(lint.Options{Paths: []string{filepath.Join(dir, "scripts")}, Config: rules.DefaultConfig(), Evaluator: testEvaluator})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Findings {
		if f.Rule == "privateshape" || strings.Contains(f.Message, "s.env") {
			t.Errorf("%s:%d: %s (%s)", filepath.Base(f.File), f.Line, f.Message, f.Rule)
		}
	}
}
