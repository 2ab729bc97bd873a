package parser

import (
	"slices"
	"testing"
)

// A for loop over the script's words, or an option loop in a function
// handed them, lists the modes as a top-level while loop on $1 does: serve,
// the default with no arm of its own, is a mode. Not when the variable is
// the function's local, the words are shifted first, the loop reads words
// of its own, or the function is handed words of its own.
func TestLoopModeListWider(t *testing.T) {
	const dispatch = "case $MODE in eval) vllm serve /m --max-num-seqs 4 ;; trace) vllm serve /m --seed 1 ;; esac\nvllm serve /m\n"
	for _, tc := range []struct {
		name, src string
		serve     bool
	}{
		{"while", "MODE=serve\nwhile (( $# )); do case $1 in serve|eval|trace) MODE=$1 ;; *) exit 2 ;; esac; shift; done\n", true},
		{"for", "MODE=serve\nfor a in \"$@\"; do case $a in serve|eval|trace) MODE=$a ;; --x=*) X=${a#*=} ;; esac; done\n", true},
		{"for-bare", "MODE=serve\nfor a; do case \"$a\" in serve|eval|trace) MODE=\"$a\" ;; esac; done\n", true},
		{"func-while", "MODE=serve\nparse() { while [[ $# -gt 0 ]]; do case $1 in serve|eval|trace) MODE=$1; shift ;; *) exit 2 ;; esac; done; }\nparse \"$@\"\n", true},
		{"func-for", "MODE=serve\nparse() { for a in \"$@\"; do case $a in serve|eval|trace) MODE=$a ;; esac; done; }\nparse \"$@\"\n", true},
		{"func-local", "MODE=serve\nparse() { local MODE; for a in \"$@\"; do case $a in serve|eval|trace) MODE=$a ;; esac; done; }\nparse \"$@\"\n", false},
		{"func-own-words", "MODE=serve\nparse() { for a in \"$@\"; do case $a in serve|eval|trace) MODE=$a ;; esac; done; }\nparse eval\n", false},
		{"for-shifted", "MODE=serve\nsub=$1; shift\nfor a in \"$@\"; do case $a in serve|eval|trace) MODE=$a ;; esac; done\n", false},
		{"for-own-list", "MODE=serve\nfor a in serve eval; do case $a in serve|eval|trace) MODE=$a ;; esac; done\n", false},
		{"for-not-the-word", "MODE=serve\nfor a in \"$@\"; do case $a in serve|eval|trace) MODE=$1 ;; esac; done\n", false},
	} {
		s := ParseScript("s.sh", []byte("#!/bin/bash\n"+tc.src+dispatch))
		s.Analyze(RoleMatcher{})
		var names []string
		for _, m := range s.Modes {
			names = append(names, m.Name)
		}
		if got := slices.Contains(names, "serve"); got != tc.serve {
			t.Errorf("%s: modes %v, serve a mode: %v, want %v", tc.name, names, got, tc.serve)
		}
	}
}
