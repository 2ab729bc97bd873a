#!/usr/bin/env bash
# sweep, sweep-fn, sweep-arith and sweep-list run the engine once per pass of a for loop over
# --max-num-seqs, each pass its own workload (vLLM's benchmarks do this):
# no one value of the flag to compare; so do sweep-read, sweep-pipe and
# sweep-doc, reading the values a line at a time. once and once-read loop
# over one value, and wide over several values of a flag it does not sweep:
# they are compared.
set -euo pipefail
. "$(dirname "$0")/bench.env"
boot() {
  vllm serve "$B_MODEL" --max-num-seqs "$1" --max-num-batched-tokens "$B_MAX_NUM_BATCHED_TOKENS" --port 8000 &
  PID=$!
  timeout 600 bash -c 'until curl -sf localhost:8000/health; do sleep 2; done'
}
case "${1:-serve}" in
  serve) boot "$B_MAX_NUM_SEQS"; wait "$PID" ;;
  sweep)
    for s in 32 64 128 256; do
      vllm serve "$B_MODEL" --max-num-seqs "$s" --max-num-batched-tokens "$B_MAX_NUM_BATCHED_TOKENS" --port 8000 &
      pid=$!
      timeout 600 bash -c 'until curl -sf localhost:8000/health; do sleep 2; done'
      vllm bench serve --model "$B_MODEL" --max-concurrency "$s" --num-prompts 400
      kill "$pid"; wait "$pid" || true
    done ;;
  sweep-fn)
    for s in 32 64 128 256; do
      boot "$s"
      vllm bench serve --model "$B_MODEL" --max-concurrency "$s" --num-prompts 400
      kill "$PID"; wait "$PID" || true
    done ;;
  sweep-arith)
    for ((s = 16; s <= 256; s *= 2)); do
      boot "$s"
      kill "$PID"; wait "$PID" || true
    done ;;
  sweep-list)
    list=(32 64 128)
    for s in "${list[@]}"; do
      boot "$s"
      kill "$PID"; wait "$PID" || true
    done ;;
  sweep-read)
    while read -r s; do
      boot "$s"
      kill "$PID"; wait "$PID" || true
    done < "$(dirname "$0")/seqs.txt" ;;
  sweep-pipe)
    printf '%s\n' 32 64 128 | while IFS= read -r s; do
      vllm serve "$B_MODEL" --max-num-seqs "$s" --max-num-batched-tokens "$B_MAX_NUM_BATCHED_TOKENS" --port 8000 &
      pid=$!
      kill "$pid"; wait "$pid" || true
    done ;;
  sweep-doc)
    while read -r s _; do
      boot "$s"; kill "$PID"
    done <<EOS
32 short
64 long
EOS
    ;;
  once-read)
    while read -r s; do
      vllm serve "$B_MODEL" --max-num-seqs "$s" --max-num-batched-tokens "$B_MAX_NUM_BATCHED_TOKENS" --port 8000 # want "once-read boots with --max-num-seqs 16 where serve boots with 128"
    done <<< 16 ;;
  once)
    for s in 16; do
      vllm serve "$B_MODEL" --max-num-seqs "$s" --max-num-batched-tokens "$B_MAX_NUM_BATCHED_TOKENS" --port 8000 # want "once boots with --max-num-seqs 16 where serve boots with 128"
    done ;;
  wide)
    for rate in 1 4 16; do
      vllm serve "$B_MODEL" --max-num-seqs "$B_MAX_NUM_SEQS" --max-num-batched-tokens 65536 --port 8000 & # want "wide boots with --max-num-batched-tokens 65536 where serve boots with 8192" "wide passes --max-num-batched-tokens 65536"
      pid=$!
      vllm bench serve --model "$B_MODEL" --request-rate "$rate"
      kill "$pid"; wait "$pid" || true
    done ;;
esac
