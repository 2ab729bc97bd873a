#!/bin/bash
# Container inits and privilege droppers run their command: tini [-g] --
# CMD, dumb-init CMD, gosu USER CMD, su-exec USER:GROUP CMD; TensorRT-LLM's
# trtllm-llmapi-launch runs it on every MPI rank. The engine behind them is
# read (it was not: kl's 8 seats and bench's 16 passed unseen).
set -e
. "$(dirname "$0")/wrap.env"
case "${1:-serve}" in
  serve)
    exec tini -g -- gosu vllm python3 -m vllm.entrypoints.openai.api_server --model /m \
      --max-num-seqs "$IW_MAX_NUM_SEQS" --max-num-batched-tokens "$IW_MAX_NUM_BATCHED_TOKENS"
    ;;
  kl)
    exec dumb-init --single-child su-exec vllm:vllm vllm serve /m --max-logprobs 20 \
      --max-num-seqs 8 --max-num-batched-tokens "$IW_MAX_NUM_BATCHED_TOKENS" # want "kl passes --max-num-seqs 8; .*owns it as IW_MAX_NUM_SEQS=128" "kl boots with --max-num-seqs 8 where serve boots with 128"
    ;;
  *) exec "$@" ;;
esac
