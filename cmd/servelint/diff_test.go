package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/servelint/servelint/internal/testfs"
)

// TestDiffRejectsFormat: --diff prints a unified diff whatever --format
// says, so a format other than text is bad usage (exit 2), as --fix --diff
// is, and nothing is printed on stdout.
func TestDiffRejectsFormat(t *testing.T) {
	example(t)
	for _, f := range []string{"json", "sarif", "github"} {
		code, out, errs := runCLI(t, "--diff", "--format="+f, ".")
		if code != exitUsage || out != "" || !strings.Contains(errs, "--diff prints a unified diff; it does not combine with --format="+f) {
			t.Errorf("--diff --format=%s: exit %d, stdout %q, stderr %q", f, code, out, errs)
		}
	}
	if code, out, errs := runCLI(t, "--diff", "--format=text", "."); code != exitFindings || !strings.HasPrefix(out, "--- a/") {
		t.Errorf("--diff --format=text: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// TestDiffListsWhatItCannotFix: --diff prints the diff on stdout and, on
// stderr, the findings --fix would leave ("not fixable: " and the text
// line, at their lines in the file as it is, not as the diff leaves it);
// a tree whose findings have no fix still exits 1 and says why.
func TestDiffListsWhatItCannotFix(t *testing.T) {
	short, err := filepath.Abs("../../testdata/src/calibstep-short")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	testfs.Tree(t, dir, envownerTree) // line 1 of serve.env is deleted; the unused key stays on line 3
	testfs.Write(t, filepath.Join(dir, ".servelint.yaml"), "")
	t.Chdir(dir)
	code, out, errs := runCLI(t, "--diff")
	if code != exitFindings || !strings.HasPrefix(out, "--- a/scripts/serve.env\n") || strings.Contains(out, "not fixable") {
		t.Errorf("exit %d, stdout:\n%s", code, out)
	}
	want := "not fixable: scripts/serve.env:3:1: warning: SERVE_HOST_POOL_MIB owns --host-pool-mib but no script that reads this file uses it: no mode inherits it (envowner)\n" +
		"not fixable: scripts/serve.sh:9:21: SERVE_MAX_MODEL_LEN is read here but no owning env file defines it (scripts/serve.env) (envowner)\n"
	if errs != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", errs, want)
	}

	// Only findings without a fix: no diff, the findings, exit 1.
	cs := t.TempDir()
	testfs.Write(t, filepath.Join(cs, ".servelint.yaml"), "")
	for _, f := range []string{"tap.sh", "tap.env"} {
		b, err := os.ReadFile(filepath.Join(short, f))
		if err != nil {
			t.Fatal(err)
		}
		testfs.Write(t, filepath.Join(cs, f), string(b))
	}
	t.Chdir(cs)
	code, out, errs = runCLI(t, "--diff")
	if code != exitFindings || out != "" || !strings.HasPrefix(errs, "not fixable: tap.sh:10:5: warning: calib steps 4096 tokens") || !strings.HasSuffix(errs, "(calibstep)\n") {
		t.Errorf("calibstep-short: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// envownerTree is docs/rules.md's envowner example: the fix deletes line 1
// of serve.env; two findings have no fix.
var envownerTree = map[string]string{
	"scripts/serve.sh": `#!/usr/bin/env bash
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/serve.env"

exec radiance serve /models/m \
  --max-num-seqs "$SERVE_MAX_SEQS" \
  --max-num-batched-tokens "$SERVE_MAX_BATCHED_TOKENS" \
  --max-model-len "$SERVE_MAX_MODEL_LEN"
`,
	"scripts/serve.env": "SERVE_MAX_SEQS=8\nSERVE_MAX_BATCHED_TOKENS=1024\nSERVE_HOST_POOL_MIB=98304\nSERVE_MAX_SEQS=8\n",
}

// TestDiffPaths: --diff names a file relative to the working directory
// when it lies under it, however it was named (../same from same, an
// absolute path), so that the diff applies where it was made.
func TestDiffPaths(t *testing.T) {
	top := t.TempDir()
	same := filepath.Join(top, "same")
	testfs.Tree(t, same, envownerTree)
	testfs.Write(t, filepath.Join(same, ".servelint.yaml"), "")
	t.Chdir(same)
	for _, arg := range []string{"../same", same, "./scripts/../scripts"} {
		_, out, errs := runCLI(t, "--diff", arg)
		if !strings.HasPrefix(out, "--- a/scripts/serve.env\n+++ b/scripts/serve.env\n") ||
			!strings.HasPrefix(errs, "not fixable: scripts/serve.env:3:1: ") {
			t.Errorf("--diff %s:\n%s%s", arg, out, errs)
		}
	}
	// A directory whose name starts with ".." is under the working directory.
	dots := t.TempDir()
	testfs.Tree(t, filepath.Join(dots, "..dots"), envownerTree)
	testfs.Write(t, filepath.Join(dots, ".servelint.yaml"), "")
	t.Chdir(dots)
	if _, out, _ := runCLI(t, "--diff", filepath.Join(dots, "..dots")); !strings.HasPrefix(out, "--- a/..dots/scripts/serve.env\n") {
		t.Errorf("--diff ..dots:\n%s", out)
	}
}

// TestDiffApplies: the diff of files whose path holds a space and a
// non-ASCII letter, applied to a pristine copy with git apply and with
// patch -p1, gives what --fix writes.
func TestDiffApplies(t *testing.T) {
	top := t.TempDir()
	root := filepath.Join(top, "sp ace", "r\u00e9")
	testfs.Tree(t, root, envownerTree)
	testfs.Write(t, filepath.Join(top, ".servelint.yaml"), "")
	t.Chdir(top)
	code, diff, _ := runCLI(t, "--diff", ".")
	if code != exitFindings || !strings.HasPrefix(diff, "--- \"a/sp ace/r\\303\\251/scripts/serve.env\"\t\n+++ \"b/sp ace/r\\303\\251/scripts/serve.env\"\t\n") {
		t.Fatalf("exit %d, diff:\n%s", code, diff)
	}
	pristine := func() string {
		dir := t.TempDir()
		testfs.Tree(t, filepath.Join(dir, "sp ace", "r\u00e9"), envownerTree)
		return dir
	}
	if code, out, errs := runCLI(t, "--fix", "."); code != exitFindings {
		t.Fatalf("--fix: exit %d\n%s%s", code, out, errs)
	}
	fixed, err := os.ReadFile(filepath.Join(root, "scripts", "serve.env"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range [][]string{
		{"git", "apply", "--verbose", "-"}, // -p1, as patch below
		{"patch", "-p1", "--batch", "--forward"},
	} {
		t.Run(tool[0], func(t *testing.T) {
			if _, err := exec.LookPath(tool[0]); err != nil {
				t.Skipf("%s not found", tool[0])
			}
			dir := pristine()
			if tool[0] == "git" {
				// Outside any repository, whatever holds the temp dir.
				init := exec.Command("git", "init", "-q", dir)
				if out, err := init.CombinedOutput(); err != nil {
					t.Fatalf("git init: %v\n%s", err, out)
				}
				check := exec.Command("git", "apply", "--check", "-")
				check.Dir, check.Stdin = dir, strings.NewReader(diff)
				if out, err := check.CombinedOutput(); err != nil {
					t.Fatalf("git apply --check: %v\n%s", err, out)
				}
			}
			cmd := exec.Command(tool[0], tool[1:]...)
			cmd.Dir, cmd.Stdin = dir, strings.NewReader(diff)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s", strings.Join(tool, " "), err, out)
			}
			got, err := os.ReadFile(filepath.Join(dir, "sp ace", "r\u00e9", "scripts", "serve.env"))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(fixed) {
				t.Errorf("%s gave:\n%s\nwant what --fix wrote:\n%s", tool[0], got, fixed)
			}
		})
	}
}

// TestDiffLeftInFixedLines: what --diff lists as left is said in the fixed
// file's lines, its position and the lines its message cites alike.
func TestDiffLeftInFixedLines(t *testing.T) {
	dir := t.TempDir()
	testfs.Write(t, filepath.Join(dir, ".servelint.yaml"), "")
	testfs.Write(t, filepath.Join(dir, "e.env"), "E_MAX_NUM_SEQS=64\nE_MAX_NUM_SEQS=64\nexport E_MAX_NUM_SEQS=64\n")
	testfs.Write(t, filepath.Join(dir, "e.sh"), "#!/bin/bash\n. \"$(dirname \"$0\")/e.env\"\nexec vllm serve /m --max-num-seqs \"$E_MAX_NUM_SEQS\"\n")
	t.Chdir(dir)
	code, out, errs := runCLI(t, "--diff")
	want := "not fixable: e.env:2:8: warning: E_MAX_NUM_SEQS is defined twice: line 1 (64) and line 2 (64); the last one wins (envowner)\n"
	if code != exitFindings || !strings.Contains(out, "@@ -1,3 +1,2 @@") || errs != want {
		t.Errorf("exit %d\nstdout:\n%s\nstderr %q, want %q", code, out, errs, want)
	}
}
