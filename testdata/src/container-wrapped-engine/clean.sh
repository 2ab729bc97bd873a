#!/usr/bin/env bash
# Neighbours that boot no other shape: the owner's number behind the same
# wrappers and options; an option docker (podman) does not take before
# its command (what follows is not known to be one); a wrapped command
# that is no engine; docker's own options read as podman's are not (-r).
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) docker compose exec -T llm nohup vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  dx) docker exec ctr nohup vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  pr) podman --remote run --rm img vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  frob) podman --frobnicate run --rm img vllm serve "$MODEL" --max-num-seqs 128 ;;
  dockr) docker -r run --rm img vllm serve "$MODEL" --max-num-seqs 128 ;;
  probe) docker exec ctr nohup curl -s localhost:8000/v1/models ;;
  *) exit 2 ;;
esac
