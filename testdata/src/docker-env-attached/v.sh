#!/usr/bin/env bash
# --env=HF_TOKEN="$HF_TOKEN" is an option with its value attached, not the
# image: the vLLM image and its argv after it are the engine.
. "$(dirname "$0")/v.env"
case "${1:-serve}" in
  serve) seqs=$MAX_NUM_SEQS ;;
  bench) seqs=64 ;; # want "bench passes --max-num-seqs 64 through the mode-local seqs=64" "bench boots with --max-num-seqs 64 where serve boots with 16"
esac
exec docker run --gpus all --env=HF_TOKEN="$HF_TOKEN" -eHF_HOME="$HF_HOME" vllm/vllm-openai:v0.9.1 --model m --max-num-seqs "$seqs"
