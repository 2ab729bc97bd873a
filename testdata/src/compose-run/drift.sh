#!/usr/bin/env bash
# Runs the engine in a compose service's container, the command given
# after the service's name: a mode's own shape is reported.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) docker compose run --rm -p 8000:8000 llm vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) docker compose run --rm -e HF_TOKEN --name bench llm vllm serve "$MODEL" --max-num-seqs 64 ;; # want "bench passes --max-num-seqs 64" "bench boots with --max-num-seqs 64 where serve boots with 512"
  eval) docker-compose run -d -v "$PWD:/work" llm vllm serve "$MODEL" --max-num-seqs 32 ;; # want "eval passes --max-num-seqs 32" "eval boots with --max-num-seqs 32 where serve boots with 512"
  tune) docker compose -f compose.yaml run --rm --entrypoint vllm llm serve "$MODEL" --max-num-seqs 16 ;; # want "tune passes --max-num-seqs 16" "tune boots with --max-num-seqs 16 where serve boots with 512"
  *) exit 2 ;;
esac
