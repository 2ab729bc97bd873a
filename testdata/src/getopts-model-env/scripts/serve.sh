#!/usr/bin/env bash
# serve.sh [-m MODEL] MODE: the model's env file is chosen by -m, llama-70b
# by default; that default run's file owns the shape.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
MODEL=${MODEL:-llama-70b}
while getopts ":m:" opt; do
  case $opt in
    m) MODEL=$OPTARG ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
ENV_FILE="$ROOT/models/$MODEL.env"
set -a
. "$ENV_FILE"
set +a
flags=(--model "$MODEL_ID" --max-num-seqs "$VLLM_MAX_NUM_SEQS" --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS")
case "${1:-serve}" in
  serve) exec vllm serve "${flags[@]}" ;;
  bench) exec vllm serve "${flags[@]}" --max-num-seqs 256 ;; # want "bench passes a second --max-num-seqs 256 that overrides the shared one; .*models/llama-70b.env:2 owns it as VLLM_MAX_NUM_SEQS=128" "bench boots with --max-num-seqs 256 where serve boots with 128"
esac
