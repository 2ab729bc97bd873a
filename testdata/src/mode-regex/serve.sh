#!/usr/bin/env bash
# Modes tested with an anchored regular expression of plain words: a list
# of == tests written as one. They were no modes, so the scoring modes'
# own seats went unseen (found by R60). An unanchored or non-literal
# expression names none (the default branch's $mode =~ ^ben).
set -euo pipefail
. "$(dirname "$0")/serve.env"
mode=${1:-serve}
shift || true
extra=()
if [[ $mode =~ ^serve$ ]]; then
  extra+=(--enable-prefix-caching)
elif [[ $mode =~ ^(kl|kl-ref|eval)$ ]]; then
  extra+=(--max-logprobs 20 --seed 0 --max-num-seqs 8) # want "kl\|kl-ref\|eval passes a second --max-num-seqs 8 that overrides the shared one" "kl boots with --max-num-seqs 8 where serve boots with 64" "kl-ref boots with --max-num-seqs 8 where serve" "eval boots with --max-num-seqs 8 where serve"
elif [[ $mode =~ ^ben ]]; then
  extra+=(--disable-log-requests)
else
  echo "unknown mode $mode" >&2
  exit 2
fi
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" "${extra[@]}" "$@"
