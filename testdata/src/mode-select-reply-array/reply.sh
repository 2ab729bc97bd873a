#!/usr/bin/env bash
# The menu's item is read by its number (case $REPLY in 1) … 2) …): bash
# sets REPLY to the number typed, so 2) is bench's code. It was no mode.
set -euo pipefail
. "$(dirname "$0")/env/serve.env"
args=(--model /models/m --max-num-seqs "$MAX_NUM_SEQS" --max-model-len "$MAX_MODEL_LEN")
PS3="mode? "
select mode in serve bench kl; do
  case $REPLY in
    1) ;;
    2) args+=(--max-num-seqs 16) ;; # want "bench passes a second --max-num-seqs 16 that overrides the shared one" "bench boots with --max-num-seqs 16 where serve boots with 8"
    3) ;;
    *) echo "no item $REPLY" >&2; continue ;;
  esac
  break
done
echo "booting $mode"
exec vllm serve "${args[@]}"
