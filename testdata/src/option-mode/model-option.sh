#!/usr/bin/env bash
# An option that picks the model, not a mode: no arm is the proven mode,
# so each model's own shape is nobody's drift.
set -euo pipefail
MODEL_NAME=llama-8b
while [[ $# -gt 0 ]]; do
  case "$1" in
    --model) MODEL_NAME="$2"; shift 2 ;;
    *) shift ;;
  esac
done
case "$MODEL_NAME" in
  llama-8b) exec vllm serve meta-llama/Llama-3.1-8B-Instruct --max-num-seqs 256 ;;
  llama-70b) exec vllm serve meta-llama/Llama-3.1-70B-Instruct --max-num-seqs 64 --tensor-parallel-size 4 ;;
esac
