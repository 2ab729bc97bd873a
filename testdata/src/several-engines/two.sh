#!/usr/bin/env bash
# kl starts its engine and a reference engine in the background: which one a
# dry run reaches first is a race, so kl has no one argv (an info, the same
# on every run); privateshape still reads both.
. "$(dirname "$0")/two.env"
case "$1" in
  serve)
    vllm serve /m --port 8000 --max-num-seqs "$TWO_MAX_NUM_SEQS" &
    ;;
  kl) # want "kl could not be evaluated \(it starts 2 engines \(lines 11, 12\), in the background"
    vllm serve /m --port 8001 --max-num-seqs 64 & # want "kl passes --max-num-seqs 64"
    vllm serve /ref --port 8002 --max-num-seqs "$TWO_MAX_NUM_SEQS" &
    ;;
esac
wait
