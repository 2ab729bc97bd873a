#!/usr/bin/env bash
set -euo pipefail
. ./serve.env
case "${1:-serve}" in
  print)
    echo docker run --rm --env-file serve.env vllm/vllm-openai:v0.8.5
    printf '%s ' docker run --env-file serve.env vllm/vllm-openai:v0.8.5 >run-later.txt
    ;;
  launch) ./tools/launch --runtime docker --env-file serve.env -- vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) docker run --rm -v "$PWD:/w" -w /w python:3.12 uv run --env-file serve.env bench.py ;;
  serve) vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
esac
