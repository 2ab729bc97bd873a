#!/usr/bin/env bash
# bash takes local's options from declare: `local -g` writes the global, so
# bench's setb hands the launch line its own 64 (as `declare -g` would),
# while kl's plain `local` stays the function's own.
. "$(dirname "$0")/serve.env"
seqs=$VLLM_MAX_NUM_SEQS
setb() { local -g seqs=64; } # want "bench passes --max-num-seqs 64 through the mode-local seqs=64" "bench boots with --max-num-seqs 64 where serve boots with 256"
setk() { local seqs=32; }
case "${1:-serve}" in
  serve) ;;
  bench) setb ;;
  kl) setk ;;
esac
exec vllm serve /m --max-num-seqs "$seqs"
