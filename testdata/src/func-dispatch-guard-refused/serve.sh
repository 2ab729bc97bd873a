#!/usr/bin/env bash
# The script's own functions are run by a name built from the mode, past a
# guard that lets serve and kl through: mode_bench never runs (dead code
# kept for another day), so its second --max-num-seqs is no finding.
set -euo pipefail
. "$(dirname "$0")/serve.env"
mode_serve() { EXTRA=(); }; mode_kl() { EXTRA=(); }; mode_bench() { EXTRA=(--max-num-seqs 4); }
mode=${1:-serve}
case "$mode" in serve|kl) ;; *) echo usage >&2; exit 2 ;; esac
args=(--model "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"); "mode_$mode"
exec vllm serve "${args[@]}" "${EXTRA[@]}"
