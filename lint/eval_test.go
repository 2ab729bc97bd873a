package lint_test

import (
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/servelint/servelint/internal/testfs"
	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/parser"
)

// TestEvalRootDotDir: a script in a directory whose name starts with a dot
// (.ci/, .github/) is evaluated with the linted root as its tree, so the
// env file it sources from the repository root is read.
func TestEvalRootDotDir(t *testing.T) {
	root := t.TempDir()
	testfs.Tree(t, root, map[string]string{
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
