#!/usr/bin/env bash
# serve and kl each refuse a GPU they were not tuned for, in cases of their
# own on nvidia-smi's answer, which the dry run does not know: each run
# assumes its case's first item that does not exit, B200 for serve and H100
# for kl, two hosts. kl is not compared with serve (an info), where both
# boot with 8192 on an H100. serve's own B200 step is still its own shape.
set -euo pipefail
. "$(dirname "$0")/serve.env"
die() { echo "$*" >&2; exit 1; }
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
step=$VLLM_MAX_BATCHED_TOKENS
case "$1" in
  serve)
    case "$gpu" in
      *B200*) step=$((VLLM_MAX_BATCHED_TOKENS * 2)) ;;
      *H100*) ;;
      *) die "unsupported GPU $gpu" ;;
    esac
    exec vllm serve /models/m --max-num-seqs "$VLLM_MAX_NUM_SEQS" --max-num-batched-tokens "$step" # want "serve passes --max-num-batched-tokens .*arithmetic on its owner.*no fix: serve, the proven mode, boots with it"
    ;;
  kl) # want "kl's argv was not compared with serve's: the dry run assumed case .\$gpu. took .H100.. there and .B200.. in serve's"
    case "$gpu" in
      *H100*) ;;
      *) die "kl is calibrated on H100 only" ;;
    esac
    exec vllm serve /models/m --max-num-seqs "$VLLM_MAX_NUM_SEQS" --max-num-batched-tokens "$step" --seed 0
    ;;
esac
