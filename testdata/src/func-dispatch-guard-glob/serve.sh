#!/usr/bin/env bash
# The guard lets bench* through: mode_bench_long runs as bench-long.
set -euo pipefail
. "$(dirname "$0")/serve.env"
mode_serve() { EXTRA=(); }; mode_kl() { EXTRA=(); }; mode_bench_long() { EXTRA=(--max-num-seqs 4); } # want "bench-long passes a second --max-num-seqs 4" "bench-long boots with --max-num-seqs 4 where serve boots with 64"
mode=${1:-serve}
case "$mode" in serve|kl|bench*) ;; *) echo usage >&2; exit 2 ;; esac
args=(--model "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"); "mode_${mode//-/_}"
exec vllm serve "${args[@]}" "${EXTRA[@]}"
