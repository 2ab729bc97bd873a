#!/usr/bin/env bash
# The scoring modes tested with an anchored regular expression held in a
# variable assigned once to a literal (re='^(kl|kl-ref|eval)$'; [[ $mode =~
# $re ]]): the same list of == tests as the literal written in the test.
# Only the literal was read, so these were no modes and their own seats
# went unseen. A quoted "$bench_re" matches its text, not a pattern: no
# mode.
set -euo pipefail
. "$(dirname "$0")/serve.env"
mode=${1:-serve}
scoring_re='^(kl|kl-ref|eval)$'
bench_re='^bench$'
extra=()
if [[ $mode == serve ]]; then
  extra+=(--enable-prefix-caching)
elif [[ $mode =~ $scoring_re ]]; then
  extra+=(--max-logprobs 20 --seed 0 --max-num-seqs 8) # want "kl\|kl-ref\|eval passes a second --max-num-seqs 8 that overrides the shared one" "kl boots with --max-num-seqs 8 where serve boots with 64" "kl-ref boots with --max-num-seqs 8 where serve" "eval boots with --max-num-seqs 8 where serve"
elif [[ $mode =~ "$bench_re" ]]; then
  extra+=(--max-num-seqs 4)
else
  echo "unknown mode $mode" >&2
  exit 2
fi
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" "${extra[@]}"
