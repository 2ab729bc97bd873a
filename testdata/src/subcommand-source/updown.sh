#!/usr/bin/env bash
# up|down and start|stop|bench: only one branch boots; the others source
# a library or a virtualenv, or exit. Nothing to report.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/serve.env"
[[ $1 == up || $1 == down ]] || { echo "usage: $0 up|down" >&2; exit 2; }
if [[ $1 == down ]]; then
  docker rm -f vllm
  exit 0
fi
docker run -d --name vllm --gpus all vllm/vllm-openai:latest --model m \
  --max-num-seqs "$SRV_MAX_SEQS" --max-num-batched-tokens "$SRV_MAX_BATCHED_TOKENS"
