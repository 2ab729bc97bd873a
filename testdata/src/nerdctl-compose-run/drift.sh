#!/usr/bin/env bash
# nerdctl compose run [options] SERVICE COMMAND…: the command runs in a new
# container of the service, read as docker compose run's by nerdctl's own
# run options (compose_run.go: -p is the persistent --project-name there,
# --entrypoint one word of an array); a mode's own shape is reported. Its
# run was not read at all: these modes' own numbers went unseen.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) nerdctl compose run --rm llm vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  nr) nerdctl compose run --rm -e HF_TOKEN --name bench llm vllm serve "$MODEL" --max-num-seqs 32 ;; # want "nr passes --max-num-seqs 32" "nr boots with --max-num-seqs 32 where serve boots with 512"
  np) nerdctl -n k8s.io compose -f compose.yaml run -p llm --publish 8000:8000 -v "$PWD:/w" --no-deps llm vllm serve "$MODEL" --max-num-seqs 33 ;; # want "np passes --max-num-seqs 33" "np boots with --max-num-seqs 33 where serve boots with 512"
  ne) nerdctl compose run --rm --entrypoint vllm llm serve "$MODEL" --max-num-seqs 34 ;; # want "ne passes --max-num-seqs 34" "ne boots with --max-num-seqs 34 where serve boots with 512"
  sh) nerdctl compose run --rm --entrypoint=bash llm -c "vllm serve $MODEL --max-num-seqs 35" ;; # want "sh passes --max-num-seqs 35" "sh boots with --max-num-seqs 35 where serve boots with 512"
  *) exit 2 ;;
esac
