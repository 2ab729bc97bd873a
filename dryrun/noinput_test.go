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
`, "line 3: read waits for a line typed at the terminal: the dry run types Enter"},
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

// TestTypedRead: a read from the terminal gets a line typed, as bash waits
// for one: under set -e a "Press Enter" prompt no longer ends every mode
// before the engine, an empty answer takes the script's default, and a
// guard on the answer is one on an unknown value, assumed to pass. A read
// in a loop's condition keeps the end of input.
func TestTypedRead(t *testing.T) {
	for _, tc := range []struct{ name, src, argv, note string }{
		{"enter", `#!/bin/bash
set -euo pipefail
case "$1" in serve) ;; esac
read -r -p "Press Enter to start " _
exec vllm serve /m --max-num-seqs 8
`, "vllm serve /m --max-num-seqs 8", "line 4: read waits for a line typed at the terminal: the dry run types Enter"},
		{"default", `#!/bin/bash
set -e
case "$1" in serve) ;; esac
read -rp "model [llama]: " m
m=${m:-llama}
exec vllm serve "/models/$m" --max-num-seqs 8
`, "vllm serve /models/llama --max-num-seqs 8", ""},
		{"confirm", `#!/bin/bash
set -euo pipefail
case "$1" in serve) ;; esac
read -r -p "Serve? [y/N] " ok
[[ ${ok,,} == y* ]] || { echo aborted >&2; exit 1; }
exec vllm serve /m --max-num-seqs 8
`, "vllm serve /m --max-num-seqs 8", "assumed the preflight check at line 5"},
		{"default, then another guard", `#!/bin/bash
case "$1" in serve) ;; esac
read -rp "model [llama]: " m
m=${m:-llama}
(( $(nvidia-smi -L | wc -l) >= 8 )) || exit 1
exec vllm serve "/models/$m"
`, "vllm serve /models/llama", "assumed the preflight check at line 5"},
		{"loop-cond", `#!/bin/bash
case "$1" in serve) ;; esac
n=0
while read -r line; do n=$((n+1)); done
exec vllm serve /m --max-num-seqs "$((8 + n))"
`, "vllm serve /m --max-num-seqs 8", "line 4: read got no input"},
		{"menu-loop", `#!/bin/bash
case "$1" in serve) ;; esac
n=0
while true; do
  n=$((n+1))
  read -rp "seats: " s || break
  [[ -n $s ]] && break
done
exec vllm serve /m --max-num-seqs "$n"
`, "vllm serve /m --max-num-seqs 5", ""},
	} {
		r := evalSrc(t, tc.src, "serve", nil, Options{})
		if r.Err != nil || strings.Join(r.Argv, " ") != tc.argv {
			t.Errorf("%s: argv %q, err %v; want %q", tc.name, r.Argv, r.Err, tc.argv)
		}
		if tc.note != "" && !slices.ContainsFunc(r.Notes, func(n string) bool { return strings.Contains(n, tc.note) }) {
			t.Errorf("%s: no note %q: %q", tc.name, tc.note, r.Notes)
		}
	}
}
