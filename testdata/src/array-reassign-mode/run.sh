#!/usr/bin/env bash
# A mode that writes the whole argv array anew (args=(…), not args+=(…))
# replaces the shared one: its flags are the only copy, no second one that
# overrides the shared (deleting them would boot bench without them).
set -euo pipefail
source "$(dirname "$0")/run.env"
args=(--max-num-seqs "$AR_MAX_NUM_SEQS" --max-num-batched-tokens "$AR_MAX_NUM_BATCHED_TOKENS")
case "${1:-serve}" in
  serve) ;;
  bench)
    args=(--max-num-seqs "$AR_MAX_NUM_SEQS" --max-num-batched-tokens "$AR_MAX_NUM_BATCHED_TOKENS" --disable-log-requests)
    ;;
  kl)
    args=(--max-num-seqs 8 --max-num-batched-tokens "$AR_MAX_NUM_BATCHED_TOKENS" --max-logprobs 20) # want "kl passes --max-num-seqs 8;" "kl boots with --max-num-seqs 8 where serve boots with 64"
    ;;
  eval)
    args+=(--max-num-seqs "$AR_MAX_NUM_SEQS") # want "eval passes a second --max-num-seqs"
    ;;
esac
exec vllm serve "$MODEL" "${args[@]}"
