#!/usr/bin/env bash
# if/elif dispatch: kl re-assigns the owner and bench appends a second copy,
# each the only statement of its branch. The fixes delete them (once left
# without a fix: deleting the statement leaves `then` with nothing, which
# does not parse), writing `:` where the branch would be empty.
. "$(dirname "$0")/serve.env"
extra=()
if [[ $1 == serve ]]; then
  :
elif [[ $1 == kl ]]; then
  AT_MAX_NUM_SEQS=128 # want "kl re-assigns the owner AT_MAX_NUM_SEQS=128 inside the mode" "kl boots with --max-num-seqs 128 where serve boots with 32"
elif [[ $1 == bench ]]; then
  extra+=(--max-num-batched-tokens 999) # want "bench passes a second --max-num-batched-tokens 999 that overrides the shared one" "bench boots with --max-num-batched-tokens 999 where serve boots with 4096"
elif [[ $1 == eval ]]; then
  echo "eval"
  AT_MAX_NUM_BATCHED_TOKENS=2048 # want "eval re-assigns the owner AT_MAX_NUM_BATCHED_TOKENS=2048" "eval boots with --max-num-batched-tokens 2048 where serve boots with 4096"
else
  exit 2
fi
exec vllm serve /m --max-num-seqs "$AT_MAX_NUM_SEQS" --max-num-batched-tokens "$AT_MAX_NUM_BATCHED_TOKENS" "${extra[@]}"
