#!/usr/bin/env bash
# Tests of what a scheduler or a CI runner sets ask where the script runs,
# not which mode its caller picked: no SLURM_JOB_ID=1 or GITHUB_ACTIONS=true
# mode, and their branches are no mode's own numbers.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS")
if [[ $SLURM_JOB_ID ]]; then
  # one engine per node: each node takes its share of the seats
  args=(--max-num-seqs $((MAX_NUM_SEQS / SLURM_NNODES)) --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS")
fi
if [[ "${GITHUB_ACTIONS:-}" == "true" ]]; then
  MAX_NUM_BATCHED_TOKENS=2048 # the CI runner has a small GPU
  args=(--max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS")
fi
exec vllm serve "$MODEL" "${args[@]}"
