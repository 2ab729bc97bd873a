#!/usr/bin/env bash
# Compose execs that boot no engine the linter can read: an option compose
# exec does not have (compose refuses the line: nothing boots), a command
# that is no engine. No mode's shape is read from them.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) docker compose exec -T llm vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  entry) docker compose exec --entrypoint /start.sh llm vllm serve "$MODEL" --max-num-seqs 128 ;;
  frob) docker compose exec --frobnicate llm vllm serve "$MODEL" --max-num-seqs 128 ;;
  probe) docker compose exec -T llm curl -s localhost:8000/v1/models ;;
  *) exit 2 ;;
esac
