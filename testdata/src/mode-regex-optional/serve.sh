#!/bin/bash
# Modes tested with an anchored regular expression whose language is a
# few words: ^kl(-ref)?$ is kl and kl-ref, ^(serve|bench)$ is serve and
# bench. They were no modes (only plain alternatives were read), so the
# scoring modes' own --max-num-seqs went unseen (hunt 10, m10).
set -euo pipefail
. "$(dirname "$0")/serve.env"
mode=${1:-serve}
args=(--max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS")
if [[ $mode =~ ^(serve|bench)$ ]]; then
  :
elif [[ $mode =~ ^kl(-ref)?$ ]]; then
  args=(--max-num-seqs 16 --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS") # want "kl boots with --max-num-seqs 16 where serve boots with 64" "kl-ref boots with --max-num-seqs 16 where serve boots with 64" "kl\|kl-ref passes --max-num-seqs 16; .*serve.env:2 owns it"
else
  exit 2
fi
exec vllm serve "$MODEL" "${args[@]}"
