#!/usr/bin/env bash
# The functions are the modes themselves ("$mode"); the guard refuses bench.
set -euo pipefail
. "$(dirname "$0")/serve.env"
serve() { EXTRA=(); }; kl() { EXTRA=(); }; bench() { EXTRA=(--max-num-seqs 4); }
mode=${1:-serve}
case "$mode" in serve|kl) ;; *) echo usage >&2; exit 2 ;; esac
args=(--model "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"); "$mode"
exec vllm serve "${args[@]}" "${EXTRA[@]}"
