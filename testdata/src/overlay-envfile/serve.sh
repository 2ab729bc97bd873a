#!/usr/bin/env bash
# serve.sh [serve|bench]: base.env, then the mode's overlay when there is one.
# bench.env re-sets the owner base.env holds: the overlay line is reported.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mode=${1:-serve}
. "$here/base.env"
[[ -f $here/$mode.env ]] && . "$here/$mode.env"
case "$mode" in
  serve|bench) ;;
  *) exit 2 ;;
esac
exec vllm serve "$OV_MODEL" --port "${OV_PORT:-8000}" --max-num-batched-tokens "$OV_MAX_NUM_BATCHED_TOKENS" --max-num-seqs "$OV_MAX_NUM_SEQS" # want "bench boots with --max-num-seqs 512 where serve boots with 128; .*base.env:2 owns it"
