#!/usr/bin/env bash
# A runner that hands its words to a container (the engine runs inside a
# custom image), beside a logger that only prints them.
set -euo pipefail
. "$(dirname "$0")/rf.env"
in_docker() { docker run --rm --gpus all -v /m:/m my-registry/vllm-custom:1.2 "$@"; }
logcmd() { echo "+ $*" >&2; echo "$@" >>/tmp/cmds.log; }
case "${1:-serve}" in
  serve)
    logcmd vllm serve /m
    in_docker vllm serve /m --max-num-seqs "$RF_MAX_NUM_SEQS" --max-num-batched-tokens "$RF_MAX_NUM_BATCHED_TOKENS" ;;
  kl) in_docker vllm serve /m --max-num-seqs 4 --max-num-batched-tokens "$RF_MAX_NUM_BATCHED_TOKENS" ;;
esac
# want@12 "kl boots with --max-num-seqs 4 where serve boots with 64" "kl passes --max-num-seqs 4"
