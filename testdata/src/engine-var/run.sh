#!/usr/bin/env bash
# The interpreter and the image come through variables with defaults.
. "$(dirname "$0")/p.env"
PYTHON=${PYTHON:-python3}
IMAGE=${IMAGE:-vllm/vllm-openai:v0.6.3}
case "$1" in
  serve) exec $PYTHON -m vllm.entrypoints.openai.api_server --model /m --max-num-seqs "$P_MAX_NUM_SEQS" ;;
  bench) exec $PYTHON -m vllm.entrypoints.openai.api_server --model /m --max-num-seqs 256 ;; # want "bench boots with --max-num-seqs 256 where serve boots with 32" "bench passes --max-num-seqs 256"
  docker) exec docker run --rm "$IMAGE" --model /m --max-num-seqs "$P_MAX_NUM_SEQS" ;;
  dbench) exec docker run --rm "$IMAGE" --model /m --max-num-seqs 128 ;; # want "dbench boots with --max-num-seqs 128 where serve boots with 32" "dbench passes --max-num-seqs 128"
esac
