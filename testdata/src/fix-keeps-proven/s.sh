#!/usr/bin/env bash
# --fix never changes what the proven mode boots with: serve's own
# re-assignment of the owner is reported without a fix (deleting it would
# boot serve with 32, not the 64 it was proven with); bench's literals,
# which serve does not run, are fixed.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) FK_MAX_NUM_SEQS=64 ;; # want "^serve re-assigns the owner FK_MAX_NUM_SEQS=64 inside the mode.* .no fix: serve, the proven mode, boots with it; deleting it would change what serve boots with."
  kl) ;;
  bench) exec vllm serve /m --max-num-seqs 64 --max-num-batched-tokens 4096 ;; # want "^bench passes --max-num-seqs 64; .*serve.env:1 owns it as FK_MAX_NUM_SEQS=32 .privateshape.$" "^bench passes --max-num-batched-tokens 4096; .*serve.env:2 owns it as FK_MAX_NUM_BATCHED_TOKENS=4096 .privateshape.$"
esac
exec vllm serve /m --max-num-seqs "$FK_MAX_NUM_SEQS" --max-num-batched-tokens "$FK_MAX_NUM_BATCHED_TOKENS" # want "kl boots with --max-num-seqs 32 where serve boots with 64"
