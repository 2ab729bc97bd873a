#!/bin/bash
# Modes are functions run through an associative array keyed by the mode.
set -euo pipefail
source "$(dirname "$0")/srv.env"
do_serve() { vllm serve "$SRV_MODEL" --max-num-seqs "$SRV_MAX_NUM_SEQS" --max-num-batched-tokens "$SRV_MAX_BATCHED_TOKENS"; }
do_eval() { vllm serve "$SRV_MODEL" --max-num-seqs "$SRV_MAX_NUM_SEQS" --max-num-batched-tokens 32768 --seed 0; } # want "eval boots with --max-num-batched-tokens 32768 where serve boots with 16384" "eval passes --max-num-batched-tokens 32768; .*srv.env:3 owns it"
do_bench() { vllm serve "$SRV_MODEL" --max-num-seqs "$SRV_MAX_NUM_SEQS" --max-num-batched-tokens "$SRV_MAX_BATCHED_TOKENS" --port 8100; }
declare -A DISPATCH=([serve]=do_serve [eval]=do_eval [bench]=do_bench)
mode=${1:-serve}
fn=${DISPATCH[$mode]:-}
[[ -n $fn ]] || { echo "unknown mode $mode" >&2; exit 2; }
"$fn"
