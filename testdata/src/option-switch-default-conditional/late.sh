#!/bin/sh
# MODE=serve is no default here: it runs after the option loop and only
# when MODE is empty, which it never is (MODE=bench). Run with no switch,
# the script boots bench's path; taking serve as the switches' default
# evaluated bench's path as serve and named kl's 4 a drift from it.
set -eu
. "$(dirname "$0")/serve.env"
MODE=bench
while [ $# -gt 0 ]; do
  case $1 in
    --kl) MODE=kl ;;
  esac
  shift
done
[ -z "$MODE" ] && MODE=serve
if [ "$MODE" = kl ]; then
  exec vllm serve --model /m --max-num-seqs 4 --port 8000
fi
exec vllm serve --model /m --max-num-seqs "$MAX_NUM_SEQS" --port 8000
