package parser

import (
	"slices"
	"testing"
)

// CallerVars: a guard demands a variable of the caller; under set -u, a
// plain read of one the script never sets does too. A variable the script
// sets in some branch is its own (a mode that forgets it is a bug bash
// stops on), and without set -u (or before it) a plain read is an empty
// string.
func TestCallerVars(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{": \"${HF_TOKEN:?}\"\nvllm serve \"$M\"\n", []string{"HF_TOKEN"}},
		{"set -euo pipefail\nvllm serve \"$M\" --host \"$POD_IP\" --x ${#LEN} ${D:-4}\n", []string{"M", "POD_IP"}},
		{"set -o nounset\nvllm serve \"${M}\"\n", []string{"M"}},
		{"set -u\nvllm serve /m --rank $((NODE_RANK * 8)) --n $((4 * 2))\n", []string{"NODE_RANK"}},
		{"vllm serve /m --rank $((NODE_RANK * 8))\n", nil},
		{"set -e\nvllm serve \"$M\" --host \"$POD_IP\"\n", nil},
		{"set +u\nvllm serve \"$M\"\n", nil},
		{"f() { set -u; }\nvllm serve \"$M\"\n", nil},
		// Where bash reads an unset variable as empty: before set -u, in a
		// set +u … set -u block, after set -- -u (positional parameters).
		{"EXTRA=$VLLM_EXTRA\nset -euo pipefail\nvllm serve /m $EXTRA\n", nil},
		{"set -u\nset +u\n[ -n \"$SLURM_JOB_ID\" ] && X=1\nset -u\nvllm serve \"$M\"\n", []string{"M"}},
		{"set -- -u\nvllm serve \"$M\"\n", nil},
		// A function runs when called, after the main body's set -u.
		{"f() { vllm serve \"$M\"; }\nset -u\nf\n", []string{"M"}},
		// main "$@": the body runs where the call stands, its set -u as
		// the top level's; a { } body's set stays after it returns, a
		// subshell's does not. What the script assigns (before the call or
		// in main), a local and a positional parameter are the script's.
		{"main() {\n  set -euo pipefail\n  vllm serve \"$M\" --host \"$POD_IP\"\n}\nmain \"$@\"\n", []string{"M", "POD_IP"}},
		{"M=/m\nmain() { set -u; local p=$1; vllm serve \"$M\" --port \"$p\" --host \"$POD_IP\" --rank $((RANK * 8)); }\nmain \"$@\"\n", []string{"POD_IP", "RANK"}},
		{"main() { X=$EXTRA; set -u; vllm serve /m $X \"$M\"; }\nmain \"$@\"\necho \"$AFTER\"\n", []string{"AFTER", "M"}},
		{"main() ( set -u; vllm serve \"$M\" )\nmain \"$@\"\necho \"$AFTER\"\n", []string{"M"}},
		{"main() { set -u; vllm serve \"$M\"; }\nmain \"$@\"\nset +u\necho \"$LATE\"\n", []string{"M"}},
		{"f() { echo \"$F\"; }\nmain() { set -u; f; vllm serve /m; }\n[[ ${BASH_SOURCE[0]} == \"$0\" ]] && main \"$@\"\n", []string{"F"}},
		{"set -u\nmain() { set +u; vllm serve \"$M\"; }\nmain \"$@\"\n", nil},
		// Not called once from the top level with the script's words: its
		// set -u is left as any function's.
		{"main() { set -u; vllm serve \"$M\"; }\nmain\n", nil},
		{"main() { set -u; vllm serve \"$M\"; }\nmain \"$@\"\nmain \"$@\"\n", nil},
		{"main() { set -u; vllm serve \"$M\"; }\nif true; then main \"$@\"; fi\n", nil},
		// A naked export or readonly hands on the caller's value: HF_TOKEN
		// from a Secret is still the caller's (POSIX sh reads export as a
		// command).
		{": \"${HF_TOKEN:?from the secret}\"\nexport HF_TOKEN\nreadonly POD_IP\nset -u\nvllm serve /m --host \"$POD_IP\"\n", []string{"HF_TOKEN", "POD_IP"}},
		{"#!/bin/sh\n: \"${HF_TOKEN:?}\"\nexport HF_TOKEN\nvllm serve /m\n", []string{"HF_TOKEN"}},
		{"set -u\ncase $MODE in kl) EXTRA=--x ;; esac\nread -r R\nfor I in 1; do :; done\nvllm serve /m $EXTRA $R $I $HOME $1\n", []string{"MODE"}},
		// An arithmetic assignment gives the variable its value (the
		// C-style loop's i); ++, += and the like read it first, which set
		// -u stops on when it is unset, as for a plain read.
		{"set -u\nfor ((i = 0; i < 2; i++)); do p=$((8000 + i)); done\n(( j = 1, k += j ))\nvllm serve /m --port $p $j $((m++)) $k\n", []string{"k", "m"}},
	} {
		s := ParseScript("s.sh", []byte(tc.src))
		s.Analyze(RoleMatcher{})
		if got := s.CallerVars(); !slices.Equal(got, tc.want) {
			t.Errorf("%q: CallerVars = %v, want %v", tc.src, got, tc.want)
		}
	}
}

// A command named by a variable assigned from itself (X=$X; "$X" "$@", or
// A=$B; B=$A) names what the script assigns it, as an unassigned $X does:
// mayName follows each variable once, where it recursed until the stack
// overflowed (a fatal error, not a panic recovered).
func TestMayNameSelfAssign(t *testing.T) {
	for _, src := range []string{
		"main() {\nX=$X\n\"$X\" \"$@\"\n}\nmain \"$@\"\n",
		"main() {\nA=$B\nB=$A\n$A serve\n}\nmain \"$@\"\n",
	} {
		s := ParseScript("s.sh", []byte(src))
		s.Analyze(RoleMatcher{})
		if s.mayName(s.calls[len(s.calls)-2].Args[0], "main", false) {
			t.Errorf("%q: mayName = true, want false (nothing the script assigns names main)", src)
		}
	}
}
