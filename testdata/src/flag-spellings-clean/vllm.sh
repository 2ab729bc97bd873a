#!/bin/bash
# Every spelling vLLM's argparse takes for one flag is that flag: kl, kl2
# and eval boot serve's shape whatever they write. Must stay clean.
. "$(dirname "$0")/owners.env"
case "$1" in
  serve) exec vllm serve /m --tensor-parallel-size "$V_TP" --max-num-batched-tokens "$V_MAX_NUM_BATCHED_TOKENS" ;;
  kl) exec vllm serve /m -tp "$V_TP" --max_num_batched_tokens "$V_MAX_NUM_BATCHED_TOKENS" --port 1 ;;
  kl2) exec vllm serve /m -tp="$V_TP" --max-num-batched-tokens="$V_MAX_NUM_BATCHED_TOKENS" --port 2 ;;
  eval) exec vllm serve /m --tensor-parallel-size="$V_TP" --max-num-batched-tokens "$V_MAX_NUM_BATCHED_TOKENS" --port 3 ;;
esac
