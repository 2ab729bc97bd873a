#!/usr/bin/env bash
# serve.sh MODEL MODE whose case on the first word names a subcommand before
# the models (stop) … exit 0): the dry run runs the first model (llama).
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODEL=${1:?usage: serve.sh MODEL|stop [MODE]}
MODE=${2:-serve}
case "$MODEL" in
  stop) docker rm -f vllm; exit 0 ;;
  llama) PATH_M=/models/llama-3.1-8b ;;
  qwen) PATH_M=/models/qwen2.5-72b ;;
  *) echo "unknown model $MODEL" >&2; exit 2 ;;
esac
case "$MODE" in
  serve|kl) SEQS=$MAX_NUM_SEQS ;;
  bench) SEQS=64 ;; # want "bench boots with --max-num-seqs 64 where serve boots with 16" "bench passes --max-num-seqs 64 through the mode-local SEQS=64"
esac
exec vllm serve "$PATH_M" --max-num-seqs "$SEQS"
