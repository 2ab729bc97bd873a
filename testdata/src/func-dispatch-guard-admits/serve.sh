#!/usr/bin/env bash
# As func-dispatch-guard-refused, but the guard lets bench through: its
# second --max-num-seqs overrides the one serve.env owns.
set -euo pipefail
. "$(dirname "$0")/serve.env"
mode_serve() { EXTRA=(); }; mode_kl() { EXTRA=(); }; mode_bench() { EXTRA=(--max-num-seqs 4); } # want "bench passes a second --max-num-seqs 4 that overrides the shared one" "bench boots with --max-num-seqs 4 where serve boots with 64"
mode=${1:-serve}
case "$mode" in serve|kl|bench) ;; *) echo usage >&2; exit 2 ;; esac
args=(--model "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"); "mode_$mode"
exec vllm serve "${args[@]}" "${EXTRA[@]}"
