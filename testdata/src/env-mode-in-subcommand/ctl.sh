#!/usr/bin/env bash
# Subcommands from $1, the mode from MODE: kl's arm inside start() sets a
# seat count the launch after it reads. start() runs in kl (MODE=kl, start
# by default): kl's value is reported at its arm, named kl, and the claim
# at the end of the arm is kl's (its fix names kl alone).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/ms.env"
MODE=${MODE:-serve}
start() {
  local seqs=$MS_MAX_NUM_SEQS
  case "$MODE" in
    kl) seqs=4 ;; # kl seats cost nothing
    serve) ;;
  esac
  docker run -d --name llm --gpus all img:latest vllm serve /m \
    --max-num-seqs "$seqs" --max-num-batched-tokens "$MS_MAX_NUM_BATCHED_TOKENS"
}
case "${1:-start}" in
  start) start ;;
  restart) docker rm -f llm; start ;;
  stop) docker rm -f llm ;;
  *) echo "usage: $0 start|restart|stop" >&2; exit 2 ;;
esac
# want@13 "^kl passes --max-num-seqs 4 through the mode-local seqs=4 \(line 13\) to --max-num-seqs \(line 17\)" "kl boots with --max-num-seqs 4 where serve boots with 8" "comment claims \"cost nothing\""
