#!/usr/bin/env bash
# As clean.sh, but kl carries its own --max-num-seqs: found once the guard
# names the modes.
set -euo pipefail
here=${BASH_SOURCE[0]%/*}
. "$here/serve.env"
MODE=serve TP=1 PORT=8000
for arg in "$@"; do
  case $arg in
    --mode=*) MODE=${arg#*=} ;;
    --tp=*) TP=${arg#*=} ;;
    *) echo "unknown: $arg" >&2; exit 2 ;;
  esac
done
seqs=$SERVE_MAX_NUM_SEQS
[[ $MODE == kl ]] && seqs=4 # want "kl boots with --max-num-seqs 4 where serve boots with 48" "kl passes --max-num-seqs 4 through the mode-local seqs=4"
[[ $MODE != serve && $MODE != kl ]] && { echo "mode?" >&2; exit 2; }
exec vllm serve "$SERVE_MODEL" -tp "$TP" --max-num-seqs "$seqs" --max-num-batched-tokens "$SERVE_MAX_NUM_BATCHED_TOKENS"
