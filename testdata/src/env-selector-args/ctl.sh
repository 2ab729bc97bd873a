#!/usr/bin/env bash
# ctl.sh start|stop|logs: subcommands from $1, the mode from MODE. A mode
# runs `ctl.sh` with no argument (start); start runs with MODE unset (serve).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
export $(grep -v '^#' "$here/.env" | xargs)
MODE=${MODE:-serve}
start() {
  case "$MODE" in
    serve)
      exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" \
        --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --port 7000 ;;
    kl)
      exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" \
        --max-num-batched-tokens 4096 --port 7000 ;;
    *) echo "MODE?" >&2; exit 2 ;;
  esac
}
case "${1:-start}" in
  start) start ;;
  stop) docker stop llm ;;
  logs) docker logs -f llm ;;
  *) echo "usage: $0 start|stop|logs" >&2; exit 2 ;;
esac
# want@15 "kl boots with --max-num-batched-tokens 4096 where serve boots with 8192" "^kl passes --max-num-batched-tokens 4096"
