#!/usr/bin/env bash
# The mode is an option (--mode=serve|kl) read in a for loop; only a guard
# listing the allowed values and && lines test it: serve and kl are modes,
# and kl only adds a non-shape flag.
set -euo pipefail
here=${BASH_SOURCE[0]%/*}
. "$here/serve.env"
MODE=serve TP=1 PORT=8000
for arg in "$@"; do
  case $arg in
    --mode=*) MODE=${arg#*=} ;;
    --tp=*) TP=${arg#*=} ;;
    --port=*) PORT=${arg#*=} ;;
    *) echo "unknown: $arg" >&2; exit 2 ;;
  esac
done
flags="--max-num-seqs $SERVE_MAX_NUM_SEQS --max-num-batched-tokens $SERVE_MAX_NUM_BATCHED_TOKENS"
[[ $MODE == kl ]] && flags="$flags --seed 0"
[[ $MODE == serve || $MODE == kl ]] || { echo "mode?" >&2; exit 2; }
exec vllm serve "$SERVE_MODEL" -tp "$TP" --port "$PORT" $flags
