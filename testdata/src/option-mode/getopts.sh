#!/usr/bin/env bash
# getopts: ./getopts.sh -m bench -p 8001.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/serve.env"
MODE=serve
PORT=8000
while getopts "m:p:h" opt; do
  case $opt in
    m) MODE=$OPTARG ;;
    p) PORT=$OPTARG ;;
    h) echo "usage: $0 [-m serve|bench] [-p port]"; exit 0 ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
if [[ $MODE == serve ]]; then
  exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --port "$PORT"
elif [[ $MODE == bench ]]; then
  exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens 32768 --port "$PORT"
fi
echo "unknown mode: $MODE" >&2
exit 2
# want@20 "bench boots with --max-num-batched-tokens 32768 where serve boots with 8192" "bench passes --max-num-batched-tokens 32768"
