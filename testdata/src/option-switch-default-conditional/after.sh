#!/bin/sh
# MODE=serve after the option loop overrides every switch: --kl never
# reaches kl's branch, and no switch leaves MODE at bench's default.
set -eu
. "$(dirname "$0")/serve.env"
MODE=bench
while [ $# -gt 0 ]; do
  case $1 in
    --kl) MODE=kl ;;
  esac
  shift
done
MODE=serve
if [ "$MODE" = kl ]; then
  exec vllm serve --model /m --max-num-seqs 4 --port 8000
fi
exec vllm serve --model /m --max-num-seqs "$MAX_NUM_SEQS" --port 8000
