#!/bin/bash
# dirname twice over the resolved path: the same root.
root=$(dirname "$(dirname "$(readlink -f "$0")")")
. "$root/config/rig.env"
case ${1:-serve} in
  serve) exec vllm serve /m --max-num-seqs "$RIG_MAX_NUM_SEQS" --max-num-batched-tokens "$RIG_MAX_NUM_BATCHED_TOKENS" ;;
  kl) exec vllm serve /m --max-num-seqs "$RIG_MAX_NUM_SEQS" --max-num-batched-tokens 4096 ;; # want "kl passes --max-num-batched-tokens 4096; .*rig.env:2 owns it as RIG_MAX_NUM_BATCHED_TOKENS=2048" "kl boots with --max-num-batched-tokens 4096 where serve boots with 2048.*\(argvdrift\)"
esac
