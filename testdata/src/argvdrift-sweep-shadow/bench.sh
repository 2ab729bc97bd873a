#!/usr/bin/env bash
# seqs is set before the dispatch for serve, then each sweep mode loops over
# it: the loop overwrites the earlier value on each pass, so the modes
# sweep and are not compared. sweep-last reads a list whose last line has
# no newline (read … || [[ -n $seqs ]]), sweep-array the fields of each
# line (read -ra). pinned sets seqs inside the loop body: compared.
set -euo pipefail
cd "$(dirname "$0")"
. ./bench.env
seqs=$B_MAX_NUM_SEQS
case "${1:-serve}" in
  serve)
    exec vllm serve "$B_MODEL" --max-num-seqs "$seqs" --max-num-batched-tokens "$B_MAX_NUM_BATCHED_TOKENS" ;;
  sweep)
    for seqs in 32 64 128; do
      vllm serve "$B_MODEL" --max-num-seqs "$seqs" --max-num-batched-tokens "$B_MAX_NUM_BATCHED_TOKENS" &
      pid=$!; kill "$pid"; wait "$pid" || true
    done ;;
  sweep-read)
    while read -r seqs; do
      vllm serve "$B_MODEL" --max-num-seqs "$seqs" --max-num-batched-tokens "$B_MAX_NUM_BATCHED_TOKENS" &
      pid=$!; kill "$pid"; wait "$pid" || true
    done < seqs.txt ;;
  sweep-last)
    while IFS= read -r seqs || [[ -n $seqs ]]; do
      vllm serve "$B_MODEL" --max-num-seqs "$seqs" --max-num-batched-tokens "$B_MAX_NUM_BATCHED_TOKENS" &
      pid=$!; kill "$pid"; wait "$pid" || true
    done < seqs.txt ;;
  sweep-array)
    while read -ra cell; do
      vllm serve "$B_MODEL" --max-num-seqs "${cell[0]}" --max-num-batched-tokens "${cell[1]}" &
      pid=$!; kill "$pid"; wait "$pid" || true
    done < grid.txt ;;
  pinned)
    while read -r seqs; do
      seqs=256
      vllm serve "$B_MODEL" --max-num-seqs "$seqs" --max-num-batched-tokens "$B_MAX_NUM_BATCHED_TOKENS" # want "pinned boots with --max-num-seqs 256 where serve boots with 128" "pinned passes --max-num-seqs 256"
    done < seqs.txt ;;
esac
