#!/usr/bin/env bash
# --flag="$VAR" and --flag="16": the quotes after = are the value's, so a
# fix writes the owner over all of it (it once left the closing quote of
# "$seqs" behind: args+=(--max-num-seqs="$EQ_MAX_NUM_SEQS""), refused).
. "$(dirname "$0")/eq.env"
args=(--max-num-batched-tokens="$EQ_MAX_NUM_BATCHED_TOKENS")
case "$1" in
  serve) args+=(--max-num-seqs="$EQ_MAX_NUM_SEQS") ;;
  bench)
    seqs=16
    args+=(--max-num-seqs="$seqs") # want "bench passes --max-num-seqs 16 through the mode-local seqs=16 \(line 10\)" "bench boots with --max-num-seqs 16 where serve boots with 64"
    ;;
  kl) args+=(--max-num-seqs="32") ;; # want "kl passes --max-num-seqs 32; .*eq.env:1" "kl boots with --max-num-seqs 32 where serve boots with 64"
esac
exec vllm serve /m "${args[@]}"
