package parser

import (
	"strings"
	"testing"
)

// An entrypoint that builds the engine's argv in the positional parameters
// and runs exec "$@": the engine is seen in the set -- words, a "$@" among
// them (the first set -- on its path) being the script's own arguments
// where it stands. A set -- of words not known statically hides it.
func TestSetArgsEngine(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want string // the invocation's flags, "" for no invocation
	}{
		{"set -- python3 -m sglang.launch_server --tp 2 \"$@\"\nexec \"$@\"\n", "--tp"},
		{"set -- vllm serve /m --max-num-seqs 4 \"$@\"\nset -- \"$@\" --port 1\nexec \"$@\"\n", "--max-num-seqs --port"},
		{"if [ \"$#\" -eq 0 ]; then\n  set -- vllm serve /m --max-num-seqs 4 \"$@\"\nfi\nexec \"$@\"\n", "--max-num-seqs"},
		{"set -- --seed 1\nset -- vllm serve /m \"$@\"\nexec \"$@\"\n", ""}, // "$@" there is --seed 1, not the script's
		{"set -- $(getopt -o m: -- \"$@\")\nexec \"$@\"\n", ""},
		{"set -- tini -- \"$@\"\nexec \"$@\"\n", ""},
	} {
		s := ParseScript("s.sh", []byte(tc.src))
		s.Analyze(RoleMatcher{})
		got := ""
		if len(s.Invocations) == 1 {
			var names []string
			for _, f := range s.Invocations[0].Flags {
				names = append(names, f.Name)
			}
			got = strings.Join(names, " ")
		} else if len(s.Invocations) > 1 {
			got = "several"
		}
		if got != tc.want {
			t.Errorf("%q: flags %q, want %q", tc.src, got, tc.want)
		}
	}
}
