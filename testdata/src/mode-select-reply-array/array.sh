#!/usr/bin/env bash
# The menu lists an array of literal words, assigned once: its items are
# known before the run, so each is a mode (it was not known at all).
set -euo pipefail
. "$(dirname "$0")/env/serve.env"
MODES=(serve bench kl)
args=(--model /models/m --max-num-seqs "$MAX_NUM_SEQS" --max-model-len "$MAX_MODEL_LEN")
PS3="mode? "
select mode in "${MODES[@]}"; do break; done
case $mode in
  serve) ;;
  bench) args+=(--max-num-seqs 16) ;; # want "bench passes a second --max-num-seqs 16 that overrides the shared one" "bench boots with --max-num-seqs 16 where serve boots with 8"
  kl) ;;
esac
exec vllm serve "${args[@]}"
