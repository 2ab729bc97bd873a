#!/usr/bin/env bash
# setk's declare makes a local seqs, gone when setk returns: the launch
# line at the top level reads the shared seqs, the owner's, in kl too (as
# bash runs it). A function that reads a caller's local still sees it
# (bash's dynamic scope): boot, called from bench's launch, boots with 32.
. "$(dirname "$0")/serve.env"
seqs=$VLLM_MAX_NUM_SEQS
setk() { declare seqs=64; echo "kl with $seqs" >&2; }
boot() { exec vllm serve /m --max-num-seqs "$seqs" --max-num-batched-tokens "$VLLM_MAX_BATCHED_TOKENS"; } # want "bench passes --max-num-seqs 32 through the mode-local seqs=32" "bench boots with --max-num-seqs 32 where serve boots with 256"
launch() { local seqs=32; boot; }
case "$1" in
  serve) ;;
  kl) setk ;;
  bench) launch ;;
esac
exec vllm serve /m --max-num-seqs "$seqs" --max-num-batched-tokens "$VLLM_MAX_BATCHED_TOKENS"
