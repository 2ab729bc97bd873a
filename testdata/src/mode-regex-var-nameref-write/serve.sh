#!/usr/bin/env bash
# The regular expression in $re is assigned once to a literal, and then
# replaced through setv's nameref (setv re '^bench$'): bash tests the mode
# against '^bench$', so kl and eval boot with the shared --max-num-seqs.
# The single assignment was taken for re's only value, and kl and eval
# were said to pass their own --max-num-seqs 8.
set -euo pipefail
. "$(dirname "$0")/serve.env"
setv() { local -n _o=$1; _o=$2; }
mode=${1:-serve}
re='^(kl|eval)$'
setv re '^bench$'
seqs=$MAX_NUM_SEQS
if [[ $mode =~ $re ]]; then
  seqs=8
fi
exec vllm serve "$MODEL" --max-num-seqs "$seqs" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
