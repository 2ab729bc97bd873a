#!/bin/sh
# The selector read straight from the environment, with its default.
here=$(dirname "$0")
. "$here/serve.env"
case "${ROLE:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  bench) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens 65536 ;;
esac
# want@7 "bench boots with --max-num-batched-tokens 65536 where serve boots with 8192" "bench passes --max-num-batched-tokens 65536"
