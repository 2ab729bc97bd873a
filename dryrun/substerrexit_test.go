package dryrun

import (
	"strings"
	"testing"
)

// TestSubstErrexit: bash clears errexit in a command substitution (out of
// POSIX mode, without inherit_errexit); interp kept it, so `x=$(false;
// echo hi) || S=2$S` ran the || branch (264) where bash gives 64. Each
// want is bash 5.2's (dash's for /bin/sh, which keeps errexit there).
func TestSubstErrexit(t *testing.T) {
	for _, tc := range []struct{ head, body, want string }{
		{"#!/bin/bash\n", "x=$(false; echo hi) || S=2$S", "64"},
		{"#!/bin/bash\n", "x=$(false; echo hi); S=$S$x", "64hi"},
		{"#!/bin/bash\n", "if x=$(false; echo hi); then S=$S$x; fi", "64hi"},
		{"#!/bin/bash\n", "x=$(false; echo hi) && S=$S$x", "64hi"},
		{"#!/bin/bash\n", "f() { false; echo f; }\nS=$S$(f)", "64f"},
		{"#!/bin/bash\n", "x=$(false; echo hi; false) || S=$S-$?", "64-1"},
		{"#!/bin/bash\n", "x=$(exit 3) || S=$S-$?", "64-3"},
		{"#!/bin/bash\n", "false || true; S=$S$(true; echo $?)", "640"},
		{"#!/bin/bash\n", "S=$S$(false || echo $?; echo x)", "641\nx"},
		{"#!/bin/sh\n", "x=$(false; echo hi) || S=2$S", "264"},
		{"#!/bin/sh\n", "if x=$(false; echo hi); then S=$S$x; fi", "64"},
	} {
		src := tc.head + "set -e\nS=64\n" + tc.body + "\nexec vllm serve /m --max-num-seqs \"$S\"\n"
		r := evalSrc(t, src, "serve", nil, Options{})
		if got := strings.Join(r.Argv, " "); r.Err != nil || got != "vllm serve /m --max-num-seqs "+tc.want {
			t.Errorf("%s%q: err %v, argv %q; want --max-num-seqs %s", tc.head, tc.body, r.Err, got, tc.want)
		}
	}
	// Where bash keeps errexit in the substitution, its failure still ends
	// the run: shopt -s inherit_errexit, set -o posix, /bin/sh.
	for _, head := range []string{"#!/bin/bash\nshopt -s inherit_errexit\n", "#!/bin/bash\nset -o posix\n", "#!/bin/sh\n"} {
		r := evalSrc(t, head+"set -e\nS=64\nx=$(false; echo hi)\nexec vllm serve /m --max-num-seqs \"$S\"\n", "serve", nil, Options{})
		if r.Err == nil {
			t.Errorf("%q: argv %q; want the run ended (errexit)", head, r.Argv)
		}
	}
}
