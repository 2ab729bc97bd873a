#!/bin/sh
# start.sh [--mode serve|eval]: POSIX, the option loop dispatches with [ ] tests
# start.sh: eval drifts from serve, found only when --mode is known to name the mode (the if/elif option loop)
set -eu
cd "$(dirname "$0")"
. ./env/serve.env
mode=serve
while [ $# -gt 0 ]; do
  if [ "$1" = --mode ]; then
    mode=$2; shift 2
  else
    echo "unknown argument: $1" >&2; exit 2
  fi
done
if [ "$mode" = serve ]; then
  extra="--api-key sk-local"
elif [ "$mode" = eval ]; then
  extra="--seed 42 --max-num-batched-tokens 2048"  # want "eval boots with --max-num-batched-tokens 2048 where serve does not pass it"
else
  exit 2
fi
# shellcheck disable=SC2086
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" $extra
