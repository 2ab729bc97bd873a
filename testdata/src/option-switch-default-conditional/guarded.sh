#!/usr/bin/env bash
# The default is bench; serve only on a test of something else: run with
# no switch, the script's value is not surely serve.
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODE=bench
[[ -n ${PROD:-} ]] && MODE=serve
while [[ $# -gt 0 ]]; do
  case $1 in
    --kl) MODE=kl ;;
  esac
  shift
done
if [[ $MODE == kl ]]; then
  exec vllm serve --model /m --max-num-seqs 4 --port 8000
fi
exec vllm serve --model /m --max-num-seqs "$MAX_NUM_SEQS" --port 8000
