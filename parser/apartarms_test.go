package parser

import (
	"strings"
	"testing"
)

// An array assigned in one branch of an if or case is not expanded in
// another (apartArms), unless one run may pass both: a loop around the
// clause, a function holding it called twice, or a case arm that runs on
// into the next (;& and ;;&).
func TestApartArms(t *testing.T) {
	const env = "#!/bin/bash\nS=8\n"
	for _, tc := range []struct {
		name, src string
		want      []string // each invocation's words, joined by blanks
	}{
		{"apart", "case $1 in\n a) c=(vllm serve /m --max-num-seqs \"$S\"); exec \"${c[@]}\" ;;\n b) c=(python3 -m sglang.launch_server --tp-size 2); exec \"${c[@]}\" ;;\nesac\n",
			[]string{"exec vllm serve /m --max-num-seqs 8", "exec python3 -m sglang.launch_server --tp-size 2"}},
		{"fallthrough", "case \"${1:-serve}\" in\n serve) args=(--max-num-seqs \"$S\") ;&\n bench) exec vllm serve /m \"${args[@]}\" ;;\nesac\n",
			[]string{"exec vllm serve /m --max-num-seqs 8"}},
		{"resume", "case \"${1:-serve}\" in\n serve) args=(--max-num-seqs \"$S\") ;;&\n *) exec vllm serve /m \"${args[@]}\" ;;\nesac\n",
			[]string{"exec vllm serve /m --max-num-seqs 8"}},
		{"func-twice", "step() {\n case $1 in\n  prep) args=(--max-num-seqs \"$S\") ;;\n  run) exec vllm serve /m \"${args[@]}\" ;;\n esac\n}\nstep prep\nstep run\n",
			[]string{"exec vllm serve /m --max-num-seqs 8"}},
		{"main", "main() {\n case $1 in\n  a) c=(vllm serve /m --max-num-seqs \"$S\"); exec \"${c[@]}\" ;;\n  b) c=(python3 -m sglang.launch_server --tp-size 2); exec \"${c[@]}\" ;;\n esac\n}\nmain \"$@\"\n",
			[]string{"exec vllm serve /m --max-num-seqs 8", "exec python3 -m sglang.launch_server --tp-size 2"}},
	} {
		s := ParseScript("/x/serve.sh", []byte(env+tc.src))
		s.Analyze(RoleMatcher{})
		var got []string
		for _, inv := range s.Invocations {
			var ws []string
			for _, a := range inv.Args {
				ws = append(ws, a.Sketch)
			}
			got = append(got, strings.Join(ws, " "))
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s: invocations %q, want %q", tc.name, got, tc.want)
		}
	}
}
