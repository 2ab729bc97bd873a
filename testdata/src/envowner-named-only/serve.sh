#!/usr/bin/env bash
# serve.env is tied to serve.sh by its name alone: the script never sources
# it on the host; the container's shell does, from the mounted directory,
# and uses both keys there. Which keys that reader uses is not seen, so
# envowner says nothing of them ("MAX_NUM_SEQS owns --max-num-seqs but no
# script that reads this file uses it" was a false alarm, exit 1).
set -euo pipefail
docker run --rm --gpus all -v "$PWD:/cfg" vllm/vllm-openai:v0.8.5 bash -c '. /cfg/serve.env && vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"'
