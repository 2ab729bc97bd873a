#!/usr/bin/env bash
# nerdctl lines that boot serve's shape or are not read: the owner's
# number through exec; an option nerdctl does not take before its command
# (what follows is not known to be one); its compose run given docker
# compose run's -T, which nerdctl's does not take (not read); a command in
# the container that is no engine.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) nerdctl run --rm --gpus all img vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  same) nerdctl --address /run/containerd/containerd.sock exec ctr vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  frob) nerdctl --frobnicate run --rm img vllm serve "$MODEL" --max-num-seqs 128 ;;
  comp) nerdctl compose run --rm -T llm vllm serve "$MODEL" --max-num-seqs 128 ;;
  probe) nerdctl exec ctr curl -s localhost:8000/v1/models ;;
  *) exit 2 ;;
esac
