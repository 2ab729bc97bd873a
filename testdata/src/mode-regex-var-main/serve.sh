#!/usr/bin/env bash
# The regex constant set at the top level, the dispatch in main "$@": the
# assignment runs before the call, so the test reads it (readonly
# SCORING_RE='^(kl|kl-ref)$').
set -euo pipefail
. "$(dirname "$0")/serve.env"
readonly SCORING_RE='^(kl|kl-ref)$'
main() {
  local mode=${1:-serve} seqs=$MAX_NUM_SEQS
  if [[ $mode =~ $SCORING_RE ]]; then
    seqs=8 # want "kl boots with --max-num-seqs 8 where serve boots with 64" "kl-ref boots with --max-num-seqs 8 where serve" "kl passes --max-num-seqs 8 through seqs=8" "kl-ref passes --max-num-seqs 8 through seqs=8"
  fi
  exec vllm serve "$MODEL" --max-num-seqs "$seqs" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
}
main "$@"
