#!/usr/bin/env bash
# Compose runs that boot no engine given on the command line: a service
# run with its own command (no words after the name), an entrypoint that
# is not the engine (its arguments are a script's, not the engine's),
# compose up. No mode's shape is read from them.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) docker compose run --rm llm vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  own) docker compose run --rm llm ;;
  wrapped) docker compose run --rm --entrypoint /opt/start.sh llm vllm serve "$MODEL" --max-num-seqs 128 ;;
  up) docker compose up -d ;;
  exec) docker compose exec llm env | grep -c MAX ;;
  *) exit 2 ;;
esac
