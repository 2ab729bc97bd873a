#!/usr/bin/env bash
# podman compose lines not read: an option podman-compose does not share
# with docker compose (its run has no --no-TTY; --podman-run-args hands
# podman run words of its own), a run with the service's own command.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) podman-compose run --rm llm vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  notty) podman-compose run --no-TTY llm vllm serve "$MODEL" --max-num-seqs 128 ;;
  args) podman-compose --podman-run-args "--env X=1" run llm vllm serve "$MODEL" --max-num-seqs 128 ;;
  own) podman compose run --rm llm ;;
  *) exit 2 ;;
esac
