#!/usr/bin/env bash
# A wrapper as the container's entrypoint (nohup, tini --, dumb-init)
# runs the words after the image as its command: the engine there is read
# through it, as the command of a cleared entrypoint is, a mode's own
# shape reported (a compose run's service stands where the image does).
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) docker run --rm --gpus all img vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  nh) docker run --rm --entrypoint nohup img vllm serve "$MODEL" --max-num-seqs 37 ;; # want "nh passes --max-num-seqs 37" "nh boots with --max-num-seqs 37 where serve boots with 512"
  ti) docker run --rm --entrypoint=tini img -- vllm serve "$MODEL" --max-num-seqs 38 ;; # want "ti passes --max-num-seqs 38" "ti boots with --max-num-seqs 38 where serve boots with 512"
  cr) docker compose run --rm --entrypoint dumb-init llm vllm serve "$MODEL" --max-num-seqs 39 ;; # want "cr passes --max-num-seqs 39" "cr boots with --max-num-seqs 39 where serve boots with 512"
  sh) docker run --rm --entrypoint nohup img bash -c "vllm serve $MODEL --max-num-seqs 40" ;; # want "sh passes --max-num-seqs 40" "sh boots with --max-num-seqs 40 where serve boots with 512"
  *) exit 2 ;;
esac
