#!/usr/bin/env bash
# run.sh start|stop [MODE]: the mode is the second word of start; the dry
# run passes start first (run as: run.sh start bench).
set -euo pipefail
. "$(dirname "$0")/run.env"
CMD=${1:-start}
MODE=${2:-serve}
case "$CMD" in
  start)
    case "$MODE" in
      serve) exec vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" ;;
      kl) exec vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" --max-logprobs 20 ;;
      bench) exec vllm serve /m --max-num-seqs 64 ;; # want "bench passes --max-num-seqs 64; .*run.env:1 owns it as MAX_NUM_SEQS=16" "bench boots with --max-num-seqs 64 where serve boots with 16"
    esac ;;
  stop) pkill -f "vllm serve" ;;
  *) echo "usage: $0 start|stop [MODE]" >&2; exit 2 ;;
esac
