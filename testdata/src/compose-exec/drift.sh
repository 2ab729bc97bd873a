#!/usr/bin/env bash
# Runs the engine in a compose service's running container (compose
# exec), the command given after the service's name: read as docker exec
# CONTAINER CMD… is, a mode's own shape is reported.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) docker compose exec -T llm vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) docker compose exec -T -e HF_TOKEN --index 2 llm vllm serve "$MODEL" --max-num-seqs 64 ;; # want "bench passes --max-num-seqs 64" "bench boots with --max-num-seqs 64 where serve boots with 512"
  eval) docker-compose exec -d -u root -w /work llm vllm serve "$MODEL" --max-num-seqs 32 ;; # want "eval passes --max-num-seqs 32" "eval boots with --max-num-seqs 32 where serve boots with 512"
  tune) docker compose --project-name p exec -it --privileged --no-TTY llm vllm serve "$MODEL" --max-num-seqs 16 ;; # want "tune passes --max-num-seqs 16" "tune boots with --max-num-seqs 16 where serve boots with 512"
  *) exit 2 ;;
esac
