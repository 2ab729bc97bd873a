package dryrun

import (
	"slices"
	"strings"
	"testing"
)

// TestNoInputNoted: a select menu or read that picks a preset (not a mode)
// gets no input in the dry run; the argv it leads to is noted as not
// statically known instead of shown as the script's.
func TestNoInputNoted(t *testing.T) {
	for _, tc := range []struct{ name, src, what string }{
		{"select", `#!/bin/bash
case "$1" in serve) ;; esac
select m in llama qwen; do
  case $m in
    llama) MODEL=meta-llama/Llama-3.1-8B-Instruct; break ;;
    qwen) MODEL=Qwen/Qwen2.5-7B-Instruct; break ;;
  esac
done
exec vllm serve "$MODEL" --max-num-seqs 128
`, "3: the select menu got no input"},
		{"read", `#!/bin/bash
case "$1" in serve) ;; esac
read -rp "preset: " choice
case "$choice" in
  2) SEQS=64 ;;
  *) SEQS=256 ;;
esac
exec vllm serve /m --max-num-seqs "$SEQS"
`, "line 3: read got no input"},
	} {
		r := evalSrc(t, tc.src, "serve", nil, Options{})
		if r.Err != nil {
			t.Fatalf("%s: %v", tc.name, r.Err)
		}
		if !slices.ContainsFunc(r.Notes, func(n string) bool { return strings.Contains(n, tc.what) }) {
			t.Errorf("%s: no note %q: %q (argv %q)", tc.name, tc.what, r.Notes, r.Argv)
		}
	}
	// Fed by a redirection or a pipe, the read has input: no note.
	r := evalSrc(t, `#!/bin/bash
case "$1" in serve) ;; esac
read -r SEQS < <(echo 64) || true
echo 1 | select m in a b; do break; done
read -r X <<< "8"
exec vllm serve /m --max-num-seqs "$X"
`, "serve", nil, Options{})
	if slices.ContainsFunc(r.Notes, func(n string) bool { return strings.Contains(n, "got no input") }) {
		t.Errorf("fed input noted: %q", r.Notes)
	}
}
