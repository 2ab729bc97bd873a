package main

import (
	"os"
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
	testfs.Tree(t, dir, map[string]string{
		".servelint.yaml": "",
		"scripts/serve.sh": `#!/usr/bin/env bash
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/serve.env"

exec radiance serve /models/m \
  --max-num-seqs "$SERVE_MAX_SEQS" \
  --max-num-batched-tokens "$SERVE_MAX_BATCHED_TOKENS" \
  --max-model-len "$SERVE_MAX_MODEL_LEN"
`,
		// Line 1 is deleted by the fix; the unused key stays on line 3.
		"scripts/serve.env": "SERVE_MAX_SEQS=8\nSERVE_MAX_BATCHED_TOKENS=1024\nSERVE_HOST_POOL_MIB=98304\nSERVE_MAX_SEQS=8\n",
	})
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

func TestOldLine(t *testing.T) {
	old := "a\nb\nc\nd\ne\n"
	for _, tt := range []struct {
		new  string
		line int
		want int
	}{
		{"b\nc\nd\ne\n", 2, 3},       // line 1 deleted: new 2 ("c") is old 3
		{"a\nX\nY\nc\nd\ne\n", 5, 4}, // b → X, Y: new 5 ("d") is old 4
		{"a\nX\nY\nc\nd\ne\n", 3, 2}, // inside the change: its first old line
		{"a\nb\nc\nd\ne\nf\n", 6, 5}, // appended past the end: the last old line
		{"a\nb\nc\nd\ne\n", 4, 4},    // unchanged
		{"a\nb\nc\nd\n", 5, 6},       // past the last line: past the old one
	} {
		if got := oldLine([]byte(old), []byte(tt.new), tt.line); got != tt.want {
			t.Errorf("oldLine(%q, line %d) = %d, want %d", tt.new, tt.line, got, tt.want)
		}
	}
}
