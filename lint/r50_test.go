package lint_test

import (
	"path/filepath"
	"testing"

	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/rules"
)

// TestChildWhereSameAlone: a message that cites a line of a script a mode
// runs (run.sh's bench runs launch.sh, whose --max-num-seqs reads SEQS)
// is the same whether the child is linted with the script (the
// directory) or not (run.sh alone): it cited "(launch.sh)" then,
// "(launch.sh:5)" when linted together, and the language server, which
// lints an env file with the scripts beside it, showed both.
func TestChildWhereSameAlone(t *testing.T) {
	dir := filepath.Join("..", "testdata", "src", "child-dispatch")
	run := filepath.Join(dir, "run.sh")
	msgs := func(path string) map[string]bool {
		res, err := lint.Run(lint.Options{Paths: []string{path}, Config: rules.DefaultConfig(), Jobs: 1, Enable: []string{"privateshape"}})
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]bool{}
		for _, f := range res.Findings {
			if f.File == run || filepath.Clean(f.File) == filepath.Clean(run) {
				out[f.Rule+": "+f.Message] = true
			}
		}
		return out
	}
	alone, together := msgs(run), msgs(dir)
	if len(alone) == 0 {
		t.Fatal("no finding of run.sh")
	}
	for m := range alone {
		if !together[m] {
			t.Errorf("run.sh alone: %q, not reported linting the directory (%v)", m, together)
		}
	}
	for m := range together {
		if !alone[m] {
			t.Errorf("the directory: %q, not reported linting run.sh alone (%v)", m, alone)
		}
	}
}
