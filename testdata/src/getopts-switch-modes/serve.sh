#!/usr/bin/env bash
# serve.sh [-k] [-b] [-n] [-p PORT]: a getopts switch per mode (-k kl, -b
# bench), serve by default. The dry run passes the mode's switch; bench's
# own --max-num-seqs is found.
set -euo pipefail
source "$(dirname "$0")/serve.env"
MODE=serve
DRY=0
while getopts ":kbnp:" o; do
  case $o in
    k) MODE=kl ;;
    b) MODE=bench ;;
    n) DRY=1 ;;
    p) PORT=$OPTARG ;;
    *) echo "usage: serve.sh [-k|-b] [-n] [-p PORT]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
args=(--model /m --max-num-seqs "$MAX_NUM_SEQS" --port "${PORT:-8000}")
if (( DRY )); then
  echo "${args[*]}"
  exit 0
fi
case "$MODE" in
  serve) exec vllm serve "${args[@]}" ;;
  kl) exec vllm serve "${args[@]}" --seed 0 ;;
  bench) exec vllm serve "${args[@]}" --max-num-seqs 4 ;; # want "bench passes a second --max-num-seqs 4" "bench boots with --max-num-seqs 4 where serve boots with 64"
esac
