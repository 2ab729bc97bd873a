#!/usr/bin/env bash
# The mode is picked from a select menu of literal words: each word the
# case names is a mode, evaluated as if its number were typed.
set -euo pipefail
. "$(dirname "$0")/env/serve.env"
args=(--model /models/m --max-num-seqs "$MAX_NUM_SEQS" --max-model-len "$MAX_MODEL_LEN")
PS3="mode? "
select mode in serve bench kl; do break; done
case $mode in
  serve) ;;
  bench) args+=(--max-num-seqs 16) ;; # want "bench passes a second --max-num-seqs 16 that overrides the shared one" "bench boots with --max-num-seqs 16 where serve boots with 8"
  kl) ;;
esac
exec vllm serve "${args[@]}"
