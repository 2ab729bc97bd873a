#!/usr/bin/env bash
# A KL-divergence harness whose keys carry the project's prefix, KL_, which
# is also the name of a mode: the proven serve reads KL_MAX_NUM_SEQS too, so
# it is the owner every mode shares, not kl's alias, and score's own seats
# are still a finding.
set -euo pipefail
. "$(dirname "$0")/kl.env"
shared=(--max-num-batched-tokens "$KL_MAX_NUM_BATCHED_TOKENS")
case "${1:?serve|kl|score}" in
  serve) exec vllm serve "$KL_MODEL" --max-num-seqs "$KL_MAX_NUM_SEQS" "${shared[@]}" --port 8000 ;;
  kl) exec vllm serve "$KL_MODEL" --max-num-seqs "$KL_MAX_NUM_SEQS" "${shared[@]}" --port 8001 --max-logprobs 64 ;;
  score) exec vllm serve "$KL_MODEL" --max-num-seqs 64 "${shared[@]}" --port 8002 --max-logprobs 64 ;; # want "score boots with --max-num-seqs 64 where serve boots with 16; scoring numbers are only comparable at one shape \(.*kl.env:2 owns it as KL_MAX_NUM_SEQS=16\) \(argvdrift\)" "score passes --max-num-seqs 64; .*kl.env:2 owns it as KL_MAX_NUM_SEQS=16 \(privateshape\)"
  eval) exec vllm serve "$KL_MODEL" --max-num-seqs "$KL_MAX_NUM_SEQS" --max-num-batched-tokens 8192 --port 8003 ;; # want "eval boots with --max-num-batched-tokens 8192 where serve boots with 2048; scoring.*KL_MAX_NUM_BATCHED_TOKENS=2048\) \(argvdrift\)" "eval passes --max-num-batched-tokens 8192; .*kl.env:3 owns it as KL_MAX_NUM_BATCHED_TOKENS=2048 \(privateshape\)"
  *) exit 2 ;;
esac
