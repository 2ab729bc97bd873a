#!/bin/bash
# A second cd relative to the first: ../.. from deploy/k8s is the
# repository's root, whose scripts/lab.env the script sources, not two
# levels above the script's own directory.
root=$(cd "$(dirname "$0")/../deploy/k8s"; cd ../..; pwd)
. "$root/scripts/lab.env"
case ${1:-serve} in
  serve) exec vllm serve /m --max-num-seqs "$LAB_MAX_NUM_SEQS" --max-num-batched-tokens "$LAB_MAX_NUM_BATCHED_TOKENS" ;;
  kl) exec vllm serve /m --max-num-seqs "$LAB_MAX_NUM_SEQS" --max-num-batched-tokens 8192 ;; # want "kl passes --max-num-batched-tokens 8192; .*lab.env:2 owns it as LAB_MAX_NUM_BATCHED_TOKENS=2048" "kl boots with --max-num-batched-tokens 8192 where serve boots with 2048.*\(argvdrift\)"
esac
