#!/usr/bin/env bash
here=$(dirname "$0")
set -a; . "$here/rig.env"; set +a
exec docker run --rm --env-file "$here/rig.env" vllm/vllm-openai:v0.6 --max-num-seqs "$RIG_MAX_NUM_SEQS"
