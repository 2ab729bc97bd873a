package parser

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/servelint/servelint/internal/testfs"
)

// TestTrailingCommentModes: a comment at the end of a line of code has the
// modes of the command it ends, also past the branch's `;;` or a function's
// `}` (a launcher's: the modes calling it, as for a comment inside it); one
// on its own line, or ending shared code, has those of where it is.
func TestTrailingCommentModes(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		"s.env": "S_MAX_SEQS=8\nS_MAX_BATCHED_TOKENS=1024\n",
		"s.sh": `#!/usr/bin/env bash
. "$(dirname "$0")/s.env"
launch() { exec vllm serve /m --max-num-seqs "$S_MAX_SEQS" --max-num-batched-tokens "$S_MAX_BATCHED_TOKENS" "$@"; } # c-shared
cmd_serve() { launch --port 8000; } # c-serve
cmd_bench() { launch --port 8002; } # c-bench
cmd_kl() {
  # c-kl-own
  [[ -n ${X:-} ]] && launch --port 8001 # c-kl-and
}
"cmd_$1" # c-dispatch
`,
		"t.sh": `#!/usr/bin/env bash
. "$(dirname "$0")/s.env"
case "$1" in
  serve) exec vllm serve /m --max-num-seqs "$S_MAX_SEQS" ;; # c-serve
  calib) exec vllm serve /m --max-num-seqs "$S_MAX_SEQS" --max-num-batched-tokens "$S_MAX_BATCHED_TOKENS" ;; # c-calib
esac # c-esac
`,
	})
	u := Load(LoadOptions{Paths: []string{root}})
	want := map[string]map[string]string{
		"s.sh": {"c-shared": "serve|bench|kl", "c-serve": "serve", "c-bench": "bench", "c-kl-own": "kl", "c-kl-and": "kl", "c-dispatch": ""},
		"t.sh": {"c-serve": "serve", "c-calib": "calib", "c-esac": ""},
	}
	for _, s := range u.Scripts {
		w := want[filepath.Base(s.Path)]
		for _, cm := range s.Comments {
			name := strings.TrimSpace(cm.Text)
			exp, ok := w[name]
			if !ok {
				continue
			}
			delete(w, name)
			if got := ModeNames(cm.Modes); got != exp {
				t.Errorf("%s: %s has modes %q, want %q", filepath.Base(s.Path), name, got, exp)
			}
		}
		for name := range w {
			t.Errorf("%s: no comment %s", filepath.Base(s.Path), name)
		}
	}
}
