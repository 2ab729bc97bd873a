package dryrun

import (
	"strings"
	"testing"
)

// TestNegatedErrexit: bash ignores set -e in every command of a pipeline
// preceded by ! (and in a compound or function so negated); interp exited
// on the last stage's failure (`! true | false`) and in a negated block or
// function. Each argv is what bash runs (bash prints still-here for each).
func TestNegatedErrexit(t *testing.T) {
	for _, body := range []string{
		"! false",
		"! true | false",
		"! false | false",
		"! { false; S=16; }",
		"f() { false; S=16; }\n! f",
		"! ( false; true )",
		"if ! true | false; then S=16; fi",
		"! true | false >/dev/null",
	} {
		r := evalSrc(t, "#!/bin/bash\nset -e\nS=16\n"+body+"\nexec vllm serve /m --max-num-seqs \"$S\"\n", "serve", nil, Options{})
		if got := strings.Join(r.Argv, " "); r.Err != nil || got != "vllm serve /m --max-num-seqs 16" {
			t.Errorf("%q: err %v, argv %q; want vllm serve /m --max-num-seqs 16", body, r.Err, got)
		}
	}
	// The status is still inverted: ! true stops nothing but fails an &&.
	for _, tc := range []struct{ body, want string }{
		{"! true && S=1", "16"},
		{"! false && S=1", "1"},
		{"! true | false && S=1", "1"},
		{"! { true; } || S=2", "2"},
		{"! true; S=$?", "1"},
	} {
		r := evalSrc(t, "#!/bin/bash\nset -e\nS=16\n"+tc.body+"\nexec vllm serve /m --max-num-seqs \"$S\"\n", "serve", nil, Options{})
		if got := strings.Join(r.Argv, " "); r.Err != nil || got != "vllm serve /m --max-num-seqs "+tc.want {
			t.Errorf("%q: err %v, argv %q; want --max-num-seqs %s", tc.body, r.Err, got, tc.want)
		}
	}
}
