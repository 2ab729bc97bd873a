#!/usr/bin/env bash
# The script checks the host before it boots: the model directory and its
# config must be there, and no other server may hold the pid file. The dry
# run sees no host file; it assumes the paths the guards need, as they are
# on the machine that boots, and compares the modes.
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODE=${MODE:-serve}
MODEL_PATH=${MODEL_PATH:-/models/llama-70b}
die() { echo "serve.sh: $*" >&2; exit 1; }
[[ -e /run/vllm.pid ]] && die "another server holds /run/vllm.pid"
[[ -d "$MODEL_PATH" ]] || die "no model at $MODEL_PATH"
[ -f "$MODEL_PATH/config.json" ] || die "no config.json in $MODEL_PATH"
args=(--model "$MODEL_PATH" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_BATCHED")
case "$MODE" in
  serve) exec vllm serve "${args[@]}" ;;
  bench) exec vllm serve "${args[@]}" --max-num-seqs 64 ;; # want "bench passes a second --max-num-seqs 64" "bench boots with --max-num-seqs 64 where serve boots with 256"
esac
