package dryrun

import (
	"strings"
	"testing"
)

// TestEvalDashDash: bash's eval takes a first -- as the end of its
// options (eval -- 'S=16' sets S); the dry run ran a command named --.
// Only the first: eval -- -- … runs --, which sets nothing. Each want is bash
// 5.2's.
func TestEvalDashDash(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{"eval -- 'S=16'", "16"},
		{"eval -- S=16 'T=1'", "16"},
		{"eval -- 'S=$$x'; S=${S//[0-9]/}", "x"},
		{"builtin eval -- S=16", "16"},
		{"eval -- -- S=16 || :", "64"}, // a command named --: S stays
		{"eval '--' || S=$S-$?", "64"},
	} {
		src := "#!/bin/bash\nS=64\n" + tc.body + "\nexec vllm serve /m --max-num-seqs \"$S\"\n"
		r := evalSrc(t, src, "serve", nil, Options{})
		if got := strings.Join(r.Argv, " "); r.Err != nil || got != "vllm serve /m --max-num-seqs "+tc.want {
			t.Errorf("%q: err %v, argv %q; want --max-num-seqs %s", tc.body, r.Err, got, tc.want)
		}
	}
}
