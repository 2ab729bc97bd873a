#!/usr/bin/env bash
# Under set -u, B is read bare ([ "$B" = 1 ]) with its default written in
# another test: A=1 runs with B off (empty) as serve does, so it evaluates
# and its argv is compared; no "could not be evaluated".
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS")
[[ ${A:-0} == 1 ]] && args+=(--max-num-seqs 16) # want "A=1.*--max-num-seqs 16.*privateshape" "A=1 boots with --max-num-seqs 16 where serve boots with 64.*argvdrift"
[[ ${B:-0} == 1 ]] && args+=(--enforce-eager)
[ "$B" = 1 ] && args+=(--max-num-seqs 8) # want "B=1.*--max-num-seqs 8.*privateshape" "B=1 boots with --max-num-seqs 8 where serve boots with 64.*argvdrift"
exec vllm serve "$MODEL" "${args[@]}"
