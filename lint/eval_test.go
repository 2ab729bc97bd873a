package lint_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/servelint/servelint/internal/testfs"
	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/parser"
	"github.com/servelint/servelint/rules"
)

// TestEvalRootDotDir: a script in a directory whose name starts with a dot
// (.ci/, .github/) is evaluated with the linted root as its tree, so the
// env file it sources from the repository root is read.
func TestEvalRootDotDir(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		".ci/serve.sh": "#!/usr/bin/env bash\n. \"$(dirname \"$0\")/../shape.env\"\ncase \"$1\" in\n" +
			"  serve) exec vllm serve m --max-num-seqs \"$SHAPE_MAX_NUM_SEQS\" ;;\n" +
			"  kl) exec vllm serve m --max-num-seqs \"$SHAPE_MAX_NUM_SEQS\" --port 8001 ;;\nesac\n",
		"shape.env": "SHAPE_MAX_NUM_SEQS=16\n",
	})
	u := parser.Load(parser.LoadOptions{Paths: []string{root}})
	s := u.ScriptAt(filepath.Join(root, ".ci", "serve.sh"))
	if s == nil {
		t.Fatal(".ci/serve.sh not loaded")
	}
	res := lint.SandboxEvaluator(5*time.Second, 2, nil)(u, s)
	for _, mode := range []string{"serve", "kl"} {
		r := res[mode]
		if r == nil || r.Err != nil || !slices.Contains(r.Argv, "16") {
			t.Errorf("%s: %+v, want an argv with the sourced 16", mode, r)
		}
	}
}

// evalScript loads one script of a tree and evaluates its modes.
func evalScript(t *testing.T, files map[string]string, name string, timeout time.Duration, jobs int) map[string]*rules.EvalResult {
	t.Helper()
	root := testfs.NewTree(t, files)
	u := parser.Load(parser.LoadOptions{Paths: []string{root}})
	s := u.ScriptAt(filepath.Join(root, name))
	if s == nil || len(s.Modes) == 0 {
		t.Fatalf("%s: no script or no modes", name)
	}
	return lint.SandboxEvaluator(timeout, jobs, nil)(u, s)
}

// TestScriptBound: the modes of one script share a bound of
// ScriptBoundFactor per-mode bounds, so forty modes that each spin until
// their deadline do not cost forty deadlines; the modes past the bound say
// so.
func TestScriptBound(t *testing.T) {
	var b strings.Builder
	b.WriteString("#!/bin/bash\ncase $1 in\n")
	for i := range 40 {
		fmt.Fprintf(&b, "  m%d) while :; do :; done; exec vllm serve m --max-num-seqs 8 ;;\n", i)
	}
	b.WriteString("esac\n")
	res := evalScript(t, map[string]string{"spin.sh": b.String()}, "spin.sh", 100*time.Millisecond, 2)
	together := 0
	for _, r := range res {
		if r.Err != nil && strings.Contains(r.Err.Error(), "reached their bound together") {
			together++
		}
	}
	if together == 0 {
		t.Errorf("no mode stopped at the script's bound: %d results", len(res))
	}
}

// TestMemoryBound: a value doubled in a loop is stopped at the run's memory
// bound (here 64 MiB), with a reason, instead of growing to gigabytes.
func TestMemoryBound(t *testing.T) {
	lint.SetTestMemLimit(64 << 20)
	defer lint.SetTestMemLimit(0)
	src := "#!/bin/bash\ncase $1 in\n  serve) a=x; for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32; do a=\"$a$a\"; done; exec vllm serve m --max-num-seqs 8 ;;\n" +
		"  kl) a=x; for i in {1..40}; do a=\"$a$a\"; done; exec vllm serve m --max-num-seqs 8 ;;\nesac\n"
	// A deadline far past what the memory bound needs, even under -race on a
	// loaded machine: the bound that stops it must be the memory's.
	res := evalScript(t, map[string]string{"grow.sh": src}, "grow.sh", 60*time.Second, 2)
	for mode, r := range res {
		if r.Err == nil || !strings.Contains(r.Err.Error(), "memory bound") {
			t.Errorf("%s: %v, want the memory bound", mode, r.Err)
		}
	}
}

// TestRunBound: the evaluations of one run share a bound of RunBoundFactor
// per-mode bounds, so many small scripts that each spin up to their own
// bound stop costing time once it is spent.
func TestRunBound(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{}
	var b strings.Builder
	b.WriteString("#!/bin/bash\ncase $1 in\n")
	for i := range 6 {
		fmt.Fprintf(&b, "  m%d) while :; do :; done; exec vllm serve m --max-num-seqs 8 ;;\n", i)
	}
	b.WriteString("esac\n")
	for i := range 20 {
		files[fmt.Sprintf("s%d.sh", i)] = b.String()
	}
	testfs.Tree(t, root, files)
	u := parser.Load(parser.LoadOptions{Paths: []string{root}})
	ev := lint.SandboxEvaluator(20*time.Millisecond, 2, nil)
	runBound := 0
	for _, s := range u.Scripts {
		for _, r := range ev(u, s) {
			if r.Err != nil && strings.Contains(r.Err.Error(), "the run's evaluations reached their bound together") {
				runBound++
			}
		}
	}
	if runBound == 0 {
		t.Error("no mode stopped at the run's bound")
	}
}

// TestEvalLoadedParity: an evaluation that takes the bytes of the unit's
// scripts and env files from the model (dryrun.Options.Loaded) gives every
// mode of every testdata script the result one reading the disk gives.
func TestEvalLoadedParity(t *testing.T) {
	dirs, err := filepath.Glob("../testdata/src/*")
	if err != nil || len(dirs) < 100 {
		t.Fatalf("testdata: %d cases, %v", len(dirs), err)
	}
	if testing.Short() {
		dirs = dirs[:100]
	}
	defer lint.SetTestNoLoaded(false)
	compared := 0
	for _, dir := range dirs {
		u := parser.Load(parser.LoadOptions{Paths: []string{dir}})
		for _, s := range u.Scripts {
			if len(s.Modes) == 0 {
				continue
			}
			lint.SetTestNoLoaded(false)
			got := lint.SandboxEvaluator(5*time.Second, 2, nil)(u, s)
			lint.SetTestNoLoaded(true)
			want := lint.SandboxEvaluator(5*time.Second, 2, nil)(u, s)
			for _, m := range s.Modes {
				g, w := got[m.Name], want[m.Name]
				if fmt.Sprint(g.Argv, g.Env, g.EnvClosed, g.Unresolved, g.Err, g.Launcher, g.Finished) != fmt.Sprint(w.Argv, w.Env, w.EnvClosed, w.Unresolved, w.Err, w.Launcher, w.Finished) {
					t.Errorf("%s %s: loaded %+v, from the disk %+v", s.Path, m.Name, g, w)
				}
				compared++
			}
		}
	}
	if compared < 200 {
		t.Errorf("compared %d modes only", compared)
	}
}

// TestFixReportFresh: the findings --fix reports after fixing are those a
// lint of the fixed files gives, for every testdata case with a fix. The
// evaluator's snapshot of the tree from the first pass handed later passes
// a library or env file as it was before its fix: bench's argvdrift
// finding stayed in the report after --fix had moved its literal.
func TestFixReportFresh(t *testing.T) {
	dirs, _ := filepath.Glob("../testdata/src/*")
	checked := 0
	for _, dir := range dirs {
		if goldens, _ := filepath.Glob(filepath.Join(dir, "*.golden")); len(goldens) == 0 {
			continue
		}
		dir, _ = filepath.Abs(dir) // the sandbox reads by absolute path
		opts := lint.Options{Paths: []string{dir}, Config: rules.DefaultConfig(), Jobs: 2, Evaluator: lint.SandboxEvaluator(5*time.Second, 2, nil)}
		after, oc, err := lint.ApplyFixes(opts, 8)
		if err != nil || len(oc.Changed) == 0 {
			continue
		}
		fixed := func(p string) ([]byte, error) {
			if c, ok := oc.Changed[p]; ok {
				return c[1], nil
			}
			return os.ReadFile(p)
		}
		fresh, err := lint.Run(lint.Options{Paths: []string{dir}, Config: rules.DefaultConfig(), Jobs: 2, ReadFile: fixed, Evaluator: lint.SandboxEvaluator(5*time.Second, 2, fixed)})
		if err != nil {
			t.Fatal(err)
		}
		text := func(r *lint.Result) string {
			var lines []string
			for _, f := range r.Findings {
				lines = append(lines, fmt.Sprintf("%s:%d:%d: %s (%s)", filepath.Base(f.File), f.Line, f.Column, f.Message, f.Rule))
			}
			return strings.Join(lines, "\n")
		}
		if got, want := text(after), text(fresh); got != want {
			t.Errorf("%s: after --fix:\n%s\nlint of the fixed files:\n%s", filepath.Base(dir), got, want)
		}
		checked++
	}
	if checked < 100 {
		t.Errorf("checked %d cases with a fix only", checked)
	}
}
