#!/usr/bin/env bash
# set -a in a subshell ends with it: rig.env is sourced plainly, so its
# export is what hands VLLM_ATTENTION_BACKEND to vllm (no fix drops it).
here=$(dirname "$0")
( set -a; . "$here/common.env"; env >/dev/null )
. "$here/rig.env"
case "$1" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$RIG_MAX_NUM_SEQS" ;;
  box) exec docker run --rm --env-file "$here/rig.env" vllm/vllm-openai:v0.6 --model "$MODEL" --max-num-seqs "$RIG_MAX_NUM_SEQS" ;;
esac
