#!/usr/bin/env bash
here=$(dirname "$0")
set -a
. "$here/common.env"
set +a
. "$here/rig.env"
case "$1" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$RIG_MAX_NUM_SEQS" ;;
  box) exec docker run --rm --env-file "$here/rig.env" vllm/vllm-openai:v0.6 --model "$MODEL" --max-num-seqs "$RIG_MAX_NUM_SEQS" ;;
esac
