#!/usr/bin/env bash
# A function that declares its variable first (local seqs, declare seqs,
# typeset seqs) and assigns it after writes its own local: the launch line
# at the top level reads the shared seqs, the owner's, in kl and calib too
# (as bash runs it). A function the local's function calls still reads it
# (bash's dynamic scope): boot, called from bench's launch, boots with 32;
# and a function without the declaration writes the global (warm).
. "$(dirname "$0")/serve.env"
seqs=$VLLM_MAX_NUM_SEQS
setk() { local seqs; seqs=64; echo "kl with $seqs" >&2; }
setc() { typeset seqs; seqs=48; }
boot() { exec vllm serve /m --max-num-seqs "$seqs" --max-num-batched-tokens "$VLLM_MAX_BATCHED_TOKENS"; } # want "bench passes --max-num-seqs 32 through the mode-local seqs=32" "bench boots with --max-num-seqs 32 where serve boots with 256"
launch() { declare seqs; seqs=32; boot; }
setw() { seqs=16; } # want "warm passes --max-num-seqs 16 through the mode-local seqs=16" "warm boots with --max-num-seqs 16 where serve boots with 256"
case "$1" in
  serve) ;;
  kl) setk ;;
  calib) setc ;;
  bench) launch ;;
  warm) setw ;;
esac
exec vllm serve /m --max-num-seqs "$seqs" --max-num-batched-tokens "$VLLM_MAX_BATCHED_TOKENS"
