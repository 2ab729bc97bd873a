#!/usr/bin/env bash
# After `set --` the words are positional parameters (-a here is a flag
# for the proxy), not allexport: rig.env's export is what hands
# VLLM_ATTENTION_BACKEND to vllm (no fix drops it).
here=$(dirname "$0")
. "$here/common.env"
mode=${1:?mode}
set -- -a 0.0.0.0
. "$here/rig.env"
case "$mode" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$RIG_MAX_NUM_SEQS" ;;
  box) exec docker run --rm --env-file "$here/rig.env" vllm/vllm-openai:v0.6 --model "$MODEL" --max-num-seqs "$RIG_MAX_NUM_SEQS" ;;
esac
