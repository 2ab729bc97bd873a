#!/usr/bin/env bash
# Statements after an exit, a function's return, or a loop's break or
# continue in the same list never run: bench stops before its seqs=64
# (a subcommand now), and the others boot with the owner's 256. A return
# outside every function only fails, so kl's seqs=32 runs and kl boots
# with it.
. "$(dirname "$0")/serve.env"
seqs=$VLLM_MAX_NUM_SEQS
pick() { return 0; seqs=48; }
case "${1:-serve}" in
  serve) ;;
  bench) echo "bench is gone, use kl" >&2; exit 1; seqs=64 ;;
  fn) pick ;;
  loop) for g in a100 h100; do break; seqs=16; done ;;
  kl) return 0 2>/dev/null; seqs=32 ;; # want "kl passes --max-num-seqs 32 through the mode-local seqs=32" "kl boots with --max-num-seqs 32 where serve boots with 256"
esac
exec vllm serve /m --max-num-seqs "$seqs"
