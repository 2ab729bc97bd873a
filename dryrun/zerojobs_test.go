package dryrun

import (
	"slices"
	"testing"
)

// TestZeroInScriptJobs: the script's "$0" in a background job (a
// statement, a function run with &) is its name, as in the foreground, not
// interp's "gosh".
func TestZeroInScriptJobs(t *testing.T) {
	for _, src := range []string{
		"#!/bin/bash\nexec vllm serve \"$(basename \"$0\")\" &\nwait\n",
		"#!/bin/bash\nf() { exec vllm serve \"${0##*/}\"; }\nf &\nwait\n",
	} {
		r := evalSrc(t, src, "serve", nil, Options{})
		if want := []string{"vllm", "serve", "serve.sh"}; r.Err != nil || !slices.Equal(r.Argv, want) {
			t.Errorf("argv %q (err %v), want %q", r.Argv, r.Err, want)
		}
	}
}
