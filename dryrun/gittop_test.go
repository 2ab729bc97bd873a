package dryrun

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/testfs"
)

// TestGitRevParse: git rev-parse --show-toplevel, --show-cdup and
// --show-prefix answer from the nearest .git at or above the working
// directory (the script's while the run has not changed it), inside the
// tree only; any other git command is skipped.
func TestGitRevParse(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{".git/HEAD": "ref: refs/heads/main\n"})
	script := filepath.Join(root, "deploy", "vllm", "serve.sh")
	src := `#!/bin/bash
top=$(git rev-parse --show-toplevel)
up=$(git rev-parse --show-cdup)
pre=$(git rev-parse --show-prefix)
cd "$top"
at=$(git rev-parse --show-prefix)
sha=$(git rev-parse HEAD)
exec vllm serve "$top" --a "$up" --b "$pre" --c "[$at]" --d "$sha"
`
	if err := os.MkdirAll(filepath.Dir(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(script, []byte(src), 0o755); err != nil {
		t.Fatal(err)
	}
	res := evalFile(t, root, script, "serve", syntax.LangBash, Options{})
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	want := []string{"vllm", "serve", root, "--a", "../../", "--b", "deploy/vllm/", "--c", "[]", "--d"}
	if len(res.Argv) != len(want)+1 || !slices.Equal(res.Argv[:len(want)], want) {
		t.Errorf("argv = %q, want %q and git rev-parse HEAD's unknown output", res.Argv, want)
	}
	if !slices.Equal(res.Unresolved, []int{len(want)}) {
		t.Errorf("unresolved = %v, want [%d] (rev-parse HEAD skipped)", res.Unresolved, len(want))
	}

	// The same script linted from deploy/ alone: the .git above it is
	// outside the tree, never looked at; the output stays unknown.
	res = evalFile(t, filepath.Join(root, "deploy"), script, "serve", syntax.LangBash, Options{})
	if res.Err == nil && !slices.Contains(res.Unresolved, 2) {
		t.Errorf("outside the tree: argv = %q (unresolved %v), want the top unknown", res.Argv, res.Unresolved)
	}
}
