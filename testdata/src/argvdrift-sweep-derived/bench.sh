#!/usr/bin/env bash
# Sweeps whose value is computed from the loop's variable, or whose loop
# runs over a brace expansion, boot once per pass (one workload each): not
# compared. brace, brace-list, arith, arith-var, index, cstyle (a bare
# index) and pairs (a part of each pass's word) sweep; one-brace
# loops over {64..64}, a single value, and pinned computes from a variable
# no loop sweeps: they are compared.
set -euo pipefail
. "$(dirname "$0")/bench.env"
up() {
  vllm serve "$D_MODEL" --max-num-seqs "$1" --max-num-batched-tokens "$2" --port 8000 &
  SRV=$!
  timeout 600 bash -c 'until curl -sf localhost:8000/health; do sleep 2; done'
}
down() { kill "$SRV"; wait "$SRV" || true; }
SEATS=(32 64 128)
STEPS=(2048 4096 8192)
case "${1:-serve}" in
  serve)
    exec vllm serve "$D_MODEL" --max-num-seqs "$D_MAX_NUM_SEQS" --max-num-batched-tokens "$D_MAX_NUM_BATCHED_TOKENS" --port 8000 ;;
  brace)
    for s in {16..64..16}; do up "$s" "$D_MAX_NUM_BATCHED_TOKENS"; down; done ;;
  brace-list)
    for s in {32,64}; do up "$s" "$D_MAX_NUM_BATCHED_TOKENS"; down; done ;;
  arith)
    for k in 1 2 3 4; do up $((k * 32)) "$D_MAX_NUM_BATCHED_TOKENS"; down; done ;;
  arith-var)
    for k in 1 2 3; do
      seats=$((k * 32))
      vllm serve "$D_MODEL" --max-num-seqs "$seats" --max-num-batched-tokens "$D_MAX_NUM_BATCHED_TOKENS" &
      pid=$!; kill "$pid"; wait "$pid" || true
    done ;;
  index)
    for i in "${!SEATS[@]}"; do
      vllm serve "$D_MODEL" --max-num-seqs "${SEATS[$i]}" --max-num-batched-tokens "${STEPS[$i]}" &
      pid=$!; kill "$pid"; wait "$pid" || true
    done ;;
  cstyle)
    for ((i = 0; i < ${#SEATS[@]}; i++)); do up "${SEATS[i]}" "$D_MAX_NUM_BATCHED_TOKENS"; down; done ;;
  pairs)
    for cfg in 32:2048 64:4096; do
      seqs=${cfg%%:*}
      up "$seqs" "${cfg##*:}"; down
    done ;;
  one-brace)
    for s in {64..64}; do
      vllm serve "$D_MODEL" --max-num-seqs "$s" --max-num-batched-tokens "$D_MAX_NUM_BATCHED_TOKENS" # want "one-brace boots with --max-num-seqs 64 where serve boots with 128"
    done ;;
  pinned)
    half=2
    for rate in 1 4 16; do
      vllm serve "$D_MODEL" --max-num-seqs $((D_MAX_NUM_SEQS / half)) --max-num-batched-tokens "$D_MAX_NUM_BATCHED_TOKENS" & # want "pinned boots with --max-num-seqs 64 where serve boots with 128" "pinned passes --max-num-seqs \$\(\(D_MAX_NUM_SEQS / half\)\), arithmetic on its owner"
      pid=$!
      vllm bench serve --model "$D_MODEL" --request-rate "$rate"
      kill "$pid"; wait "$pid" || true
    done ;;
esac
