#!/usr/bin/env bash
# A function's local lives while the function runs: show's seqs=64 is gone
# when boot, called after it, reads seqs, and bench boots with the owner's
# 256. pinned's local is still in scope in the boot it calls: kl boots
# with 32 (dynamic scope).
. "$(dirname "$0")/serve.env"
seqs=$VLLM_MAX_NUM_SEQS
boot() { exec vllm serve /m --max-num-seqs "$seqs"; }
show() { local seqs=64; echo "trying $seqs" >&2; }
pinned() { local seqs=32; boot; } # want "kl passes --max-num-seqs 32 through the mode-local seqs=32" "kl boots with --max-num-seqs 32 where serve boots with 256"
case "${1:-serve}" in
  serve) ;;
  bench) show ;;
  kl) pinned ;;
esac
boot
