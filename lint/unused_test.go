package lint_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/rules"
	"github.com/servelint/servelint/suppress"
)

// TestUnusedSuppressionsOverParts: the rules run in two parts (the static
// rules, and those that need the dry-run) with DeferUnused, and the unused
// suppressions judged over both parts' silenced findings, report what one
// run of every rule reports, fixes included.
func TestUnusedSuppressionsOverParts(t *testing.T) {
	all, err := lint.Analyzers(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var static, dry []string
	for _, a := range all {
		if needsDryRun(a) {
			dry = append(dry, a.Name)
		} else {
			static = append(static, a.Name)
		}
	}
	unused := 0
	for _, name := range []string{"suppress-script", "suppress-env", "suppress-unused"} {
		dir := filepath.Join("..", "testdata", "src", name)
		base := lint.Options{Paths: []string{dir}, Config: rules.DefaultConfig(), Jobs: 2, Evaluator: testEvaluator}
		one, err := lint.Run(base)
		if err != nil {
			t.Fatal(err)
		}
		var got []lint.Finding
		var silenced []lint.Finding
		var first *lint.Result
		for _, part := range [][]string{static, dry} {
			o := base
			o.DeferUnused = true
			for _, a := range all {
				if slices.Contains(part, a.Name) {
					o.Enable = append(o.Enable, a.Name)
				} else {
					o.Disable = append(o.Disable, a.Name)
				}
			}
			r, err := lint.Run(o)
			if err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first = r
			}
			got = append(got, r.Findings...)
			silenced = append(silenced, r.Silenced...)
		}
		got = append(got, lint.UnusedSuppressions(first.Unit, first.Contents, silenced, func(string) bool { return true }, nil)...)
		got = lint.Dedup(got)
		lint.Sort(got)
		if a, b := fmt.Sprintf("%+v", got), fmt.Sprintf("%+v", one.Findings); a != b {
			t.Errorf("%s: over two parts:\n%s\none run:\n%s", name, a, b)
		}
		for _, f := range one.Findings {
			if f.Rule == suppress.Rule && len(f.Fixes) > 0 {
				unused++
			}
		}
	}
	if unused == 0 {
		t.Error("no unused suppression was judged")
	}
}

// needsDryRun reports whether a rule requires the dry-run, directly or
// through what it requires.
func needsDryRun(a *analysis.Analyzer) bool {
	return a == rules.DryRun || slices.ContainsFunc(a.Requires, needsDryRun)
}

// TestUnusedSuppressionPartialUnit: a suppression of a cross-file rule in
// a script linted alone (a pre-commit hook given one file) is used by an
// env file's finding only the other readers bring: it is not judged, and
// its fix never deletes it. Given the whole tree it is used.
func TestUnusedSuppressionPartialUnit(t *testing.T) {
	dir := filepath.Join("..", "testdata", "src", "suppress-fix-edit")
	for _, paths := range [][]string{{filepath.Join(dir, "client.sh")}, {dir}} {
		res, err := lint.Run(lint.Options{Paths: paths, Config: rules.DefaultConfig(), Evaluator: testEvaluator})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range res.Findings {
			if f.Rule == suppress.Rule {
				t.Errorf("%v: %s:%d: %s", paths, f.File, f.Line, f.Message)
			}
		}
	}
}

// TestUnusedSuppressionEnvAloneUnread: an env file given alone (a
// pre-commit hook outside a git work tree, an editor opening it) is looked
// for readers beside it and one directory up; a reader elsewhere
// (bin/run.sh loading ../conf/srv.env with eval "$(grep …)") is not
// loaded, so what its suppression of envowner silences (an owned key only
// that reader leaves unused) cannot be judged: it was reported as
// silencing nothing, and --fix deleted it. Given the tree, it is used.
func TestUnusedSuppressionEnvAloneUnread(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write("conf/srv.env", "# servelint:ignore envowner -- read by the old launcher\nS_MAX_MODEL_LEN=4096\nS_MAX_NUM_SEQS=64\nS_MAX_NUM_BATCHED_TOKENS=8192\n")
	write("bin/run.sh", `#!/usr/bin/env bash
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
eval "$(grep -v '^#' "$here/../conf/srv.env")"
exec vllm serve /m --max-num-seqs "$S_MAX_NUM_SEQS" --max-num-batched-tokens "$S_MAX_NUM_BATCHED_TOKENS"
`)
	for _, paths := range [][]string{{filepath.Join(dir, "conf", "srv.env")}, {dir}} {
		res, err := lint.Run(lint.Options{Paths: paths, Config: rules.DefaultConfig(), Evaluator: testEvaluator})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range res.Findings {
			t.Errorf("%v: %s:%d: %s (%s)", paths, f.File, f.Line, f.Message, f.Rule)
		}
	}
}
