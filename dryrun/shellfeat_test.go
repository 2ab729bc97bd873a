package dryrun

import (
	"strings"
	"testing"
)

// TestCoproc: interp lacks coproc ("unhandled command node:
// *syntax.CoprocClause", status 1: under set -e the mode was abandoned,
// without it the run went on). It runs as bash runs it, a job in a
// subshell: its assignments do not reach the script, and an engine it
// starts is the mode's launch.
func TestCoproc(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{"set -euo pipefail\ncoproc tail -f log.txt\nexec vllm serve /m --max-num-seqs \"$S\"", "vllm serve /m --max-num-seqs 8"},
		{"set -e\ncoproc W { S=48; }\nexec vllm serve /m --max-num-seqs \"$S\"", "vllm serve /m --max-num-seqs 8"},
		{"set -e\ncoproc vllm serve /m --max-num-seqs 4\nwait", "vllm serve /m --max-num-seqs 4"},
	} {
		r := evalSrc(t, "#!/bin/bash\nS=8\n"+tc.body+"\n", "serve", nil, Options{})
		if got := strings.Join(r.Argv, " "); r.Err != nil || got != tc.want {
			t.Errorf("%q: err %v, argv %q; want %q", tc.body, r.Err, got, tc.want)
		}
	}
	// The pipes are not there: a write to one stops the run.
	r := evalSrc(t, "#!/bin/bash\nset -u\ncoproc cat\necho hi >&\"${COPROC[1]}\"\nexec vllm serve /m\n", "serve", nil, Options{})
	if r.Err == nil {
		t.Errorf("COPROC write: argv %q; want the run stopped", r.Argv)
	}
}
