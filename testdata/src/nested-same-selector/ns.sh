#!/usr/bin/env bash
# A test of $1 nested in a branch serve and kl share: the inner branch is
# kl's alone. Its literal is reported and fixed there, named kl (serve
# boots with the owner's 8), and the claim beside it is kl's.
set -euo pipefail
. "$(dirname "$0")/ns.env"
case "$1" in
  serve|kl)
    seqs=$NS_MAX_NUM_SEQS
    if [[ $1 == kl ]]; then
      seqs=16 # kl seats are free
    fi
    exec vllm serve /m --max-num-seqs "$seqs" --max-num-batched-tokens "$NS_MAX_NUM_BATCHED_TOKENS" ;;
esac
# want@11 "^kl passes --max-num-seqs 16 through the mode-local seqs=16 \(line 11\) to --max-num-seqs \(line 13\)" "kl boots with --max-num-seqs 16 where serve boots with 8" "comment claims \"are free\""
