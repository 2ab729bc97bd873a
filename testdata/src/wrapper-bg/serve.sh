#!/usr/bin/env bash
# kl starts two engines through functions whose own command runs in the
# background: a runner (bgrun) and a launcher (bgl). Which one a dry run
# reaches first is a race (argvdrift flapped from run to run): kl has no
# one argv, an info the same on every run.
. "$(dirname "$0")/wb.env"
bgrun() { "$@" >run.log 2>&1 & }
bgl() { vllm serve "$@" >ref.log 2>&1 & }
case "$1" in
  serve) vllm serve /m --max-num-seqs "$RF_MAX_NUM_SEQS" --max-num-batched-tokens "$RF_MAX_NUM_BATCHED_TOKENS" ;;
  kl) # want "kl could not be evaluated \(it starts 2 engines \(lines 12, 13\), in the background"
    bgrun vllm serve /m --max-num-seqs "$RF_MAX_NUM_SEQS" --max-num-batched-tokens "$RF_MAX_NUM_BATCHED_TOKENS"
    bgl /ref --max-num-seqs 8 --max-num-batched-tokens "$RF_MAX_NUM_BATCHED_TOKENS" # want "kl passes --max-num-seqs 8"
    wait
    ;;
esac
