#!/usr/bin/env bash
# Arithmetic that assigns the shim ((( seqs = 64 )), let seqs=32) writes
# it, it does not read it: no "reads seqs" finding there, and no fix that
# would rewrite the write into one of the owner key
# ((( VLLM_MAX_NUM_SEQS = 64 ))). The alias stays (it has other writers).
# Each mode's own number is a private shape (privateshape): the fix gives
# the arithmetic the owner's bare name.
. "$(dirname "$0")/serve.env"
seqs=${SEQS:-$VLLM_MAX_NUM_SEQS} # want "seqs is a shim"
case "${1:-serve}" in
  serve) ;;
  bench) (( seqs = 64 )) ;; # want "bench boots with --max-num-seqs 64 where serve boots with 256" "bench passes --max-num-seqs 64 through the mode-local [(][(] seqs = 64 [)][)]"
  kl) let seqs=32 ;; # want "kl boots with --max-num-seqs 32 where serve boots with 256" "kl passes --max-num-seqs 32 through the mode-local let seqs=32"
esac
exec vllm serve /m --max-num-seqs "$seqs" # want "the script reads seqs, a shim"
