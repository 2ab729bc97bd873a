#!/usr/bin/env bash
# podman compose and podman-compose run or exec the engine in a service's
# container as docker compose does: a mode's own shape is reported.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) podman compose run --rm llm vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) podman-compose run --rm -e HF_TOKEN -dT llm vllm serve "$MODEL" --max-num-seqs 64 ;; # want "bench passes --max-num-seqs 64" "bench boots with --max-num-seqs 64 where serve boots with 512"
  eval) podman-compose -f compose.yaml exec -T llm vllm serve "$MODEL" --max-num-seqs 32 ;; # want "eval passes --max-num-seqs 32" "eval boots with --max-num-seqs 32 where serve boots with 512"
  tune) podman compose exec --index 1 llm vllm serve "$MODEL" --max-num-seqs 16 ;; # want "tune passes --max-num-seqs 16" "tune boots with --max-num-seqs 16 where serve boots with 512"
  *) exit 2 ;;
esac
