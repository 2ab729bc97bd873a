#!/usr/bin/env bash
# -v"$PWD":/w and -e"HF_TOKEN=$HF_TOKEN" are docker short options with
# their values attached (no '=' after the option), not the image.
. "$(dirname "$0")/v.env"
case "${1:-serve}" in
  serve) seqs=$MAX_NUM_SEQS ;;
  bench) seqs=64 ;; # want "bench passes --max-num-seqs 64 through the mode-local seqs=64" "bench boots with --max-num-seqs 64 where serve boots with 16"
esac
exec docker run --gpus all -v"$PWD":/w -e"HF_TOKEN=$HF_TOKEN" vllm/vllm-openai:v0.9.1 --model m --max-num-seqs "$seqs"
